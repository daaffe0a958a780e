import { Anchor, MultiSelect, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { TAG_GROUPS, tagGroupLabels, TAGS_PER_SKIN_MAX } from '../../../../../domain/catalog/tags.schemas';
import { ZipUploadField } from '../uploads';
import type { FileUpload } from '../uploads';
import { itemEditorMessages } from '../item-editor.messages';
import { EditorTagsQuery } from '../lib/item-editor.documents';
import type { SkinFormValues } from '../lib/skin-editor-values';
import { ColorField } from './color-field';
import { EditorSection } from './editor-section';

const skinTexts = itemEditorMessages.skinEditor;

type SkinForm = UseFormReturnType<SkinFormValues>;

/** The curated tag list by group, for the picker, and the names of the chosen tags for the card. */
export function useEditorTags(paused: boolean) {
  const [tagList] = useQuery({ query: EditorTagsQuery, pause: paused });
  const options = useMemo(
    () =>
      TAG_GROUPS.map((group) => ({
        group: tagGroupLabels[group],
        items: (tagList.data?.tags ?? [])
          .filter((entry) => entry.tag.group === group)
          .map((entry) => ({ value: entry.tag.slug, label: entry.tag.name })),
      })).filter((group) => group.items.length > 0),
    [tagList.data],
  );
  const nameOf = (slug: string) =>
    tagList.data?.tags.find((entry) => entry.tag.slug === slug)?.tag.name ?? slug;
  return { options, nameOf, loading: tagList.fetching && !tagList.data };
}

/** "Available alone", under the price's switch. */
export function AvailableAloneSwitch({ form }: { form: SkinForm }) {
  return (
    <Switch
      label={skinTexts.availableAlone}
      description={skinTexts.availableAloneHint}
      {...form.getInputProps('availableAlone', { type: 'checkbox' })}
    />
  );
}

/** A new skin's .zip, with a link to how a skin is packed. */
export function SkinZipField({ zip, error }: { zip: FileUpload; error: ReactNode }) {
  return (
    <ZipUploadField
      upload={zip}
      label={skinTexts.zip}
      required
      description={
        <>
          {skinTexts.zipHint}{' '}
          <Anchor component={Link} to="/installation-guide" target="_blank" size="xs">
            {skinTexts.zipHelp}
          </Anchor>
        </>
      }
      error={error}
      dataPath="skinSource"
    />
  );
}

/** One or two main colors, and (when offered) the author's skins that are this one in other colors. */
export function ColorsSection({
  form,
  variations,
}: {
  form: SkinForm;
  /** The picker's choices, or null where it is not offered. */
  variations: { options: { value: string; label: string }[]; loading: boolean } | null;
}) {
  const { values } = form;
  return (
    <EditorSection title={skinTexts.colors}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ColorField
          label={skinTexts.colorPrimary}
          placeholder="#00d8fb"
          {...form.getInputProps('colorPrimary')}
        />
        <Stack gap="xs">
          <Switch
            label={skinTexts.twoColors}
            description={skinTexts.twoColorsHint}
            mt={{ base: 0, sm: 28 }}
            {...form.getInputProps('twoColors', { type: 'checkbox' })}
          />
        </Stack>
        {values.twoColors ? (
          <ColorField
            label={skinTexts.colorSecondary}
            placeholder="#ff3595"
            {...form.getInputProps('colorSecondary')}
          />
        ) : null}
      </SimpleGrid>
      {variations ? (
        <MultiSelect
          label={skinTexts.variations}
          description={skinTexts.variationsHint}
          placeholder={
            variations.options.length > 0 ? skinTexts.variationsPlaceholder : skinTexts.variationsNone
          }
          data={variations.options}
          searchable
          clearable
          hidePickedOptions
          disabled={variations.loading}
          nothingFoundMessage={skinTexts.variationsNone}
          {...form.getInputProps('colorVariations')}
        />
      ) : null}
    </EditorSection>
  );
}

/** Up to five tags from the curated list. */
export function TagsSection({ form, tags }: { form: SkinForm; tags: ReturnType<typeof useEditorTags> }) {
  return (
    <EditorSection title={skinTexts.tags}>
      <MultiSelect
        label={skinTexts.tagsLabel}
        description={skinTexts.tagsHint(TAGS_PER_SKIN_MAX)}
        placeholder={form.values.tags.length < TAGS_PER_SKIN_MAX ? skinTexts.tagsPlaceholder : undefined}
        data={tags.options}
        maxValues={TAGS_PER_SKIN_MAX}
        searchable
        clearable
        hidePickedOptions
        disabled={tags.loading}
        nothingFoundMessage={skinTexts.tagsNone}
        {...form.getInputProps('tags')}
      />
    </EditorSection>
  );
}
