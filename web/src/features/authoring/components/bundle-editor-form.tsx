import { useDisclosure } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { bundleInput, LINKABLE_SKINS_PAGE } from '../../../../../domain/catalog/item-editor.schemas';
import { BundleCard } from '../../../shared/bundle-card';
import { useImageUploads } from '../uploads';
import type { ImageUploads } from '../uploads';
import { useCardPreview } from '../hooks/use-editor-author';
import { useItemForm } from '../hooks/use-item-form';
import type { ItemFormState, ItemUploads, SavedItemRef } from '../hooks/use-item-form';
import { itemEditorMessages } from '../item-editor.messages';
import {
  BUNDLE_FORM_FIELDS,
  bundleDtoOf,
  bundleValuesOf,
  type BundleFormValues,
  type EditableBundle,
  type LinkableSkin,
} from '../lib/bundle-editor-values';
import {
  CreateBundleMutation,
  MyLinkableSkinsQuery,
  UpdateBundleMutation,
} from '../lib/item-editor.documents';
import { BundleContentsSection, chosenSkins, NewSkinModal } from './bundle-contents-section';
import { ItemEditorForm } from './item-editor-form';

const bundleTexts = itemEditorMessages.bundleEditor;

/**
 * The item editor for a bundle (spec 2.11, 5): besides what every item has (its description is
 * required), the author's skins of its game, a modal that uploads a new skin and adds it, and the
 * bundle's card as the preview.
 */
export function BundleEditorForm({
  bundle,
  onSaved,
  onCancel,
}: {
  bundle: EditableBundle | null;
  onSaved: (saved: SavedItemRef) => void;
  onCancel?: () => void;
}) {
  const editing = bundle !== null;
  const images = useImageUploads(bundle?.images ?? []);
  const [modalOpened, modal] = useDisclosure(false);
  const linkable = useBundleSkins();

  const bundleId = bundle?.id ?? null;
  const dtoOf = useCallback(
    (values: BundleFormValues, uploads: ItemUploads) => bundleDtoOf(values, uploads.images, bundleId),
    [bundleId],
  );
  const state = useItemForm({
    editing,
    initialValues: bundleValuesOf(bundle),
    uploads: { images },
    dtoOf,
    schema: bundleInput,
    saving: { create: CreateBundleMutation, update: UpdateBundleMutation },
    kind: 'bundle',
    refusable: BUNDLE_FORM_FIELDS,
    onSaved,
  });
  const { form } = state;

  return (
    <ItemEditorForm
      state={state}
      onCancel={onCancel}
      kind="bundle"
      onTypeChange={(type) => state.changeGame(type, 'skins', linkable.skins)}
      sectionsBeforeMedia={
        <BundleContentsSection
          form={form}
          skins={linkable.skins}
          loaded={linkable.loaded}
          loading={linkable.loading}
          onNewSkin={modal.open}
        />
      }
      preview={<BundlePreview bundle={bundle} state={state} images={images} skins={linkable.skins} />}
      rules={{}}
      outside={
        <NewSkinModal opened={modalOpened} onClose={modal.close} form={form} onUploaded={linkable.uploaded} />
      }
    />
  );
}

/** The author's skins a bundle may hold; those uploaded from the modal show at once, before the list comes back with them. */
function useBundleSkins() {
  const [linkable] = useQuery({
    query: MyLinkableSkinsQuery,
    variables: {
      page: { page: 0, size: LINKABLE_SKINS_PAGE, sortBy: 'createdAt', sortDirection: 'DESC' as const },
    },
    requestPolicy: 'cache-and-network',
  });
  const [uploadedHere, setUploadedHere] = useState<LinkableSkin[]>([]);
  const skins = useMemo(() => {
    const loaded: LinkableSkin[] = linkable.data?.myCreatedSkins.content ?? [];
    const known = new Set(loaded.map((skin) => skin.id));
    return [...uploadedHere.filter((skin) => !known.has(skin.id)), ...loaded];
  }, [linkable.data, uploadedHere]);
  return {
    skins,
    loaded: Boolean(linkable.data),
    loading: linkable.fetching && !linkable.data,
    uploaded: (skin: LinkableSkin) => setUploadedHere((current) => [skin, ...current]),
  };
}

/** The bundle's card as players will see it in the lists. */
function BundlePreview({
  bundle,
  state: { form },
  images,
  skins,
}: {
  bundle: EditableBundle | null;
  state: ItemFormState<BundleFormValues>;
  images: ImageUploads;
  skins: LinkableSkin[];
}) {
  const { values } = form;
  const preview = {
    ...useCardPreview(bundle, values, images, bundleTexts.untitled),
    // The preview shows the price being edited, never a running sale.
    sale: null,
    description: values.description,
    skins: chosenSkins(values.skins, skins).map((skin) => ({ id: skin.id, price: skin.price })),
  };
  return <BundleCard bundle={preview} headingOrder={3} />;
}
