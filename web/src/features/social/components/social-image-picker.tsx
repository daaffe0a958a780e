import { Alert, Button, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPhotoOff } from '@tabler/icons-react';
import {
  SOCIAL_IMAGE_LIMITS,
  SOCIAL_IMAGES_MAX,
  type SocialNetwork,
} from '../../../../../domain/social/social-post';
import { SkinThumbnail } from '../../../shared/skin-card';
import type { SubjectSkin } from '../lib/social-draft';
import { networkLabels, socialMediaMessages } from '../social-media.messages';
import classes from './social-media.module.css';

const texts = socialMediaMessages.images;

export interface SocialImagePickerProps {
  skins: SubjectSkin[];
  /** Image ids in the order chosen: the first leads the post. */
  selection: readonly string[];
  networks: readonly SocialNetwork[];
  onToggle: (imageId: string) => void;
  onClear: () => void;
  /** While publishing nothing changes. */
  locked: boolean;
  /** The form's message for the images, after the first attempt. */
  error?: string;
  /** Shows each skin's title above its images (an author's skins). */
  withSkinTitles: boolean;
}

/**
 * The subject's pictures as toggle buttons: a click selects an image and numbers it in the order of
 * the clicks (1, 2, 3…), another click takes it out and the rest move up. The per-network limits are
 * explained as soon as a selection is too big for a ticked network.
 */
export function SocialImagePicker({
  skins,
  selection,
  networks,
  onToggle,
  onClear,
  locked,
  error,
  withSkinTitles,
}: SocialImagePickerProps) {
  const full = selection.length >= SOCIAL_IMAGES_MAX;
  const tooMany = networks.filter((network) => selection.length > SOCIAL_IMAGE_LIMITS[network].max);
  const total = skins.reduce((sum, skin) => sum + skin.images.length, 0);
  const firstImageId = skins.flatMap((skin) => skin.images)[0]?.id;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" id="social-images-hint">
          {texts.hint}
        </Text>
        <Group gap="xs">
          <Text size="sm" fw={600} role="status">
            {texts.selected(selection.length)}
          </Text>
          {selection.length > 0 ? (
            <Button size="compact-xs" variant="subtle" onClick={onClear} disabled={locked}>
              {texts.clear}
            </Button>
          ) : null}
        </Group>
      </Group>

      {total === 0 ? (
        <Group gap="xs" c="dimmed" py="md">
          <IconPhotoOff size={18} aria-hidden />
          <Text size="sm">{texts.none}</Text>
        </Group>
      ) : null}

      {skins.map((skin) =>
        skin.images.length === 0 ? null : (
          <Stack gap={6} key={skin.id}>
            {withSkinTitles ? (
              <Text size="xs" fw={700} tt="uppercase" lts="0.06em" c="dimmed">
                {skin.title}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
              {skin.images.map((image) => {
                const index = selection.indexOf(image.id);
                const selectedAs = index === -1 ? null : index + 1;
                // The form focuses the first image when the selection needs fixing.
                const dataPath = image.id === firstImageId ? { 'data-path': 'imageIds' } : {};
                return (
                  <UnstyledButton
                    key={image.id}
                    className={classes.pickImage}
                    data-selected={selectedAs !== null || undefined}
                    data-lead={selectedAs === 1 || undefined}
                    aria-pressed={selectedAs !== null}
                    aria-label={texts.imageLabel(image.position, skin.title, selectedAs)}
                    aria-describedby="social-images-hint"
                    disabled={locked || (full && selectedAs === null)}
                    onClick={() => onToggle(image.id)}
                    {...dataPath}
                  >
                    <SkinThumbnail src={image.cardUrl} alt="" />
                    {selectedAs !== null ? (
                      <span className={classes.pickNumber} aria-hidden>
                        {selectedAs}
                      </span>
                    ) : null}
                    {selectedAs === 1 ? (
                      <span className={classes.pickLead} aria-hidden>
                        {texts.lead}
                      </span>
                    ) : null}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          </Stack>
        ),
      )}

      {/* A selection too big for a ticked network is explained below; after an attempt, in red. */}
      {error && tooMany.length === 0 ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {tooMany.map((network) => (
        <Alert
          key={network}
          color={error ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle />}
          p="xs"
          role={error ? 'alert' : undefined}
        >
          <Text size="sm">{texts.tooManyFor(networkLabels[network], SOCIAL_IMAGE_LIMITS[network].max)}</Text>
        </Alert>
      ))}
      {full ? (
        <Text size="sm" c="dimmed">
          {texts.full}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {texts.limits}
        {networks.includes('INSTAGRAM') && selection.length >= 2 ? ` ${texts.carousel}` : ''}
      </Text>
    </Stack>
  );
}
