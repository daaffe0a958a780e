import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { useQuery } from 'urql';
import { LINKABLE_SKINS_PAGE, skinInput } from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import { SkinCard } from '../../../shared/skin-card';
import { useFileUpload, useImageUploads } from '../uploads';
import { useCardPreview } from '../hooks/use-editor-author';
import { useItemForm } from '../hooks/use-item-form';
import type { ItemFormState } from '../hooks/use-item-form';
import { itemEditorMessages } from '../item-editor.messages';
import { truncateLabel } from '../lib/editor-form';
import { CreateSkinMutation, MyLinkableSkinsQuery, UpdateSkinMutation } from '../lib/item-editor.documents';
import {
  moreSkinErrors,
  SKIN_FORM_FIELDS,
  skinDtoOf,
  skinValuesOf,
  type EditableSkin,
  type SkinFormValues,
  type SkinUploads,
} from '../lib/skin-editor-values';
import { ItemEditorForm } from './item-editor-form';
import {
  AvailableAloneSwitch,
  ColorsSection,
  SkinZipField,
  TagsSection,
  useEditorTags,
} from './skin-editor-parts';

const skinTexts = itemEditorMessages.skinEditor;

export interface SkinEditorFormProps {
  /** The skin being edited, or null for a new one. */
  skin: EditableSkin | null;
  /** The game, when the page or the bundle fixed it (spec 5: the game is fixed when a type is passed in). */
  fixedType?: GameType | null;
  /** Shows the color-variations picker (the chooser's "with color variations", and every edit). */
  withVariations?: boolean;
  /** The short form of the bundle editor's modal: no colors, video, variations or preview. */
  compact?: boolean;
  submitLabel?: string;
  /** The success toast. */
  savedMessage?: string;
  onSaved: (saved: { id: string; url: string; title: string; price: number; type: GameType }) => void;
  onCancel?: () => void;
}

/**
 * The item editor for a skin (spec 2.11, 4, 5): besides what every item has, availability, colors,
 * color variations, tags and (new skins) the .zip, with the skin's card as the preview.
 */
export function SkinEditorForm(props: SkinEditorFormProps) {
  const { skin, fixedType = null, withVariations = false, compact = false } = props;
  const editing = skin !== null;
  const images = useImageUploads(skin?.images ?? []);
  const zip = useFileUpload('SKIN_SOURCE');
  const linkable = useLinkableSkins(skin?.id, !withVariations || compact);
  const tags = useEditorTags(compact);

  const skinId = skin?.id ?? null;
  const dtoOf = useCallback(
    (values: SkinFormValues, uploads: SkinUploads) =>
      skinDtoOf(values, uploads, { skinId, withVariations, compact }),
    [compact, skinId, withVariations],
  );
  const moreErrors = useCallback(
    (values: SkinFormValues, uploads: SkinUploads, errors: Record<string, ReactNode>) =>
      moreSkinErrors(values, uploads, errors, editing),
    [editing],
  );
  const state = useItemForm({
    editing,
    initialValues: skinValuesOf(skin, fixedType ?? 'TM2020'),
    uploads: { images, zip: zip.state },
    watchedUpload: zip.state,
    dtoOf,
    schema: skinInput,
    moreErrors,
    saving: { create: CreateSkinMutation, update: UpdateSkinMutation },
    kind: 'skin',
    refusable: SKIN_FORM_FIELDS,
    savedMessage: props.savedMessage,
    onSaved: (saved, dto) =>
      props.onSaved({ ...saved, title: dto.title.trim(), price: dto.price ?? 0, type: dto.type }),
  });
  const { form } = state;

  const variationOptions = linkable.skins
    .filter((other) => other.type === form.values.type)
    .map((other) => ({ value: other.id, label: truncateLabel(other.title) }));

  return (
    <ItemEditorForm
      state={state}
      submitLabel={props.submitLabel}
      onCancel={props.onCancel}
      compact={compact}
      fixedType={fixedType}
      kind="skin"
      onTypeChange={(type) => state.changeGame(type, 'colorVariations', linkable.skins)}
      moreDetails={<AvailableAloneSwitch form={form} />}
      moreMedia={
        editing ? null : (
          <SkinZipField zip={zip} error={state.errors.attempted ? form.errors.skinSource : undefined} />
        )
      }
      sectionsAfterMedia={
        <>
          <ColorsSection
            form={form}
            variations={
              withVariations || editing ? { options: variationOptions, loading: linkable.loading } : null
            }
          />
          <TagsSection form={form} tags={tags} />
        </>
      }
      preview={
        compact ? null : <SkinPreview skin={skin} state={state} images={images} tagName={tags.nameOf} />
      }
      rules={editing ? {} : { zip: zip.state?.status ?? null }}
    />
  );
}

/** The author's other skins, offered as color variations. */
function useLinkableSkins(skinId: string | undefined, paused: boolean) {
  const [linkable] = useQuery({
    query: MyLinkableSkinsQuery,
    variables: {
      page: { page: 0, size: LINKABLE_SKINS_PAGE, sortBy: 'createdAt', sortDirection: 'DESC' as const },
    },
    pause: paused,
  });
  const skins = useMemo(
    () => (linkable.data?.myCreatedSkins.content ?? []).filter((candidate) => candidate.id !== skinId),
    [linkable.data, skinId],
  );
  return { skins, loading: linkable.fetching && !linkable.data };
}

/** The skin's card as players will see it in the lists. */
function SkinPreview({
  skin,
  state: { form },
  images,
  tagName,
}: {
  skin: EditableSkin | null;
  state: ItemFormState<SkinFormValues>;
  images: SkinUploads['images'];
  tagName: (slug: string) => string;
}) {
  const { values } = form;
  const preview = {
    ...useCardPreview(skin, values, images, skinTexts.untitled),
    rating: skin?.rating ?? { average: 0, totalRatings: 0 },
    tags: values.tags.map((slug) => ({ id: slug, slug, name: tagName(slug) })),
    // The preview shows the price being edited, never a running sale.
    sale: null,
    downloads: skin?.downloads ?? { total: 0 },
  };
  return <SkinCard skin={preview} headingOrder={3} />;
}
