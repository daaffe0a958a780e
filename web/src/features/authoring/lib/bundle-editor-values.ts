import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import type { BundleInput } from '../../../shared/graphql/generated/graphql';
import type { ImageUploads, KeptImage } from '../../../shared/uploads';
import { priceOf } from './editor-form';

/** A bundle as the editor opens it (/me/bundle/edit/{url}). */
export interface EditableBundle {
  id: string;
  url: string;
  title: string;
  description: string;
  type: GameType;
  price: number;
  payWhatYouWant: boolean;
  published: boolean;
  videoUrl: string | null;
  images: KeptImage[];
  skins: string[];
}

export type BundleFormValues = {
  title: string;
  description: string;
  type: GameType;
  price: number | string;
  payWhatYouWant: boolean;
  videoUrl: string;
  skins: string[];
};

/** A skin the bundle may hold. */
export interface LinkableSkin {
  id: string;
  title: string;
  type: GameType;
  price: number;
  /** The picker shows it beside the title; a skin just uploaded from the modal has none yet. */
  thumbnail?: { cardUrl?: string | null } | null;
}

/** The fields a refused save of a bundle may point at. */
export const BUNDLE_FORM_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'type',
  'price',
  'videoUrl',
  'skins',
  'images',
]);

export function bundleValuesOf(bundle: EditableBundle | null): BundleFormValues {
  return {
    title: bundle?.title ?? '',
    description: bundle?.description ?? '',
    type: bundle?.type ?? 'TM2020',
    price: bundle && bundle.price > 0 ? bundle.price : '',
    payWhatYouWant: bundle?.payWhatYouWant ?? false,
    videoUrl: bundle?.videoUrl ?? '',
    skins: bundle?.skins ?? [],
  };
}

/** The API's BundleInput for the form's values and screenshots. */
export function bundleDtoOf(
  values: BundleFormValues,
  images: ImageUploads,
  bundleId: string | null,
): BundleInput {
  return {
    id: bundleId,
    title: values.title,
    description: values.description,
    type: values.type,
    price: priceOf(values.price),
    payWhatYouWant: values.payWhatYouWant,
    videoUrl: values.videoUrl.trim() || null,
    skins: values.skins.map((id) => ({ id })),
    images: images.resources,
  };
}
