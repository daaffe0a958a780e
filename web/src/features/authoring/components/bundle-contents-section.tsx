import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { formatPrice } from '../../../shared/format';
import { itemEditorMessages } from '../item-editor.messages';
import type { BundleFormValues, LinkableSkin } from '../lib/bundle-editor-values';
import { truncateLabel } from '../lib/editor-form';
import { EditorSection } from './editor-section';
import { SkinEditorForm } from './skin-editor-form';
import classes from './editor-section.module.css';

const bundleTexts = itemEditorMessages.bundleEditor;

/** A skin in the contents picker: its thumbnail beside its title, so similar names are told apart. */
function PickerOption({ title, thumbnail }: { title: string; thumbnail: string | null | undefined }) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid="skin-picker-option">
      {thumbnail ? (
        <img src={thumbnail} alt="" width={64} height={36} loading="lazy" style={pickerThumbnail} />
      ) : (
        <span aria-hidden style={pickerThumbnail} />
      )}
      <Text size="sm" truncate>
        {title}
      </Text>
    </Group>
  );
}

const pickerThumbnail = {
  flex: '0 0 auto',
  width: 64,
  height: 36,
  objectFit: 'cover',
  borderRadius: 4,
  background: 'var(--mantine-color-default-border)',
} as const;

/**
 * The bundle's skins: the author's skins of its game (one chosen earlier stays listed until it is
 * removed), what they cost one by one, and a modal that uploads a new skin and adds it.
 */
export function BundleContentsSection({
  form,
  skins,
  loaded,
  loading,
  onNewSkin,
}: {
  form: UseFormReturnType<BundleFormValues>;
  skins: LinkableSkin[];
  /** The author's skins have come back at least once. */
  loaded: boolean;
  loading: boolean;
  onNewSkin: () => void;
}) {
  const { values } = form;
  const options = skins
    .filter((skin) => skin.type === values.type || values.skins.includes(skin.id))
    .map((skin) => ({ value: skin.id, label: truncateLabel(skin.title) }));
  const chosen = chosenSkins(values.skins, skins);
  const worth = chosen.reduce((sum, skin) => sum + skin.price, 0);
  return (
    <EditorSection title={bundleTexts.contents}>
      <MultiSelect
        label={bundleTexts.skins}
        description={bundleTexts.skinsHint}
        required
        placeholder={options.length > 0 ? bundleTexts.skinsPlaceholder : undefined}
        data={options}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={bundleTexts.skinsNone}
        disabled={loading}
        renderOption={({ option }) => (
          <PickerOption
            title={option.label}
            thumbnail={skins.find((skin) => skin.id === option.value)?.thumbnail?.cardUrl}
          />
        )}
        {...form.getInputProps('skins')}
      />
      {options.length === 0 && loaded ? (
        <Text size="sm" c="dimmed">
          {bundleTexts.skinsNone}
        </Text>
      ) : null}
      {chosen.length > 0 ? (
        <Text size="sm" c="dimmed">
          {bundleTexts.skinsWorth(formatPrice(worth))}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" leftSection={<IconUpload size={18} aria-hidden />} onClick={onNewSkin}>
          {bundleTexts.newSkin}
        </Button>
      </Group>
    </EditorSection>
  );
}

/**
 * A new skin in the short form, published and added to the bundle. It stands outside the bundle's
 * form: a submit inside it must not reach the bundle's form through React's event tree.
 */
export function NewSkinModal({
  opened,
  onClose,
  form,
  onUploaded,
}: {
  opened: boolean;
  onClose: () => void;
  form: UseFormReturnType<BundleFormValues>;
  onUploaded: (skin: LinkableSkin) => void;
}) {
  const { values } = form;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={bundleTexts.modal.title}
      size="xl"
      centered
      closeOnClickOutside={false}
      classNames={{ title: classes.modalTitle }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {bundleTexts.modal.description}
        </Text>
        {opened ? (
          <SkinEditorForm
            skin={null}
            compact
            fixedType={values.type}
            submitLabel={bundleTexts.modal.submit}
            savedMessage={bundleTexts.modal.added}
            onCancel={onClose}
            onSaved={(saved) => {
              onUploaded({ id: saved.id, title: saved.title, type: saved.type, price: saved.price });
              form.setFieldValue('skins', [...form.getValues().skins, saved.id]);
              onClose();
            }}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}

/** The chosen skins the author's list knows, in the order they were chosen. */
export function chosenSkins(ids: string[], skins: LinkableSkin[]): LinkableSkin[] {
  return ids
    .map((id) => skins.find((skin) => skin.id === id))
    .filter((skin): skin is LinkableSkin => skin !== undefined);
}
