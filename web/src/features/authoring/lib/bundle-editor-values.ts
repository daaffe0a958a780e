import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import type { BundleInput } from '../../../shared/graphql/generated/graphql';
import type { ImageUploads } from '../uploads';
import { itemDtoOf, itemValuesOf, type EditableItem, type ItemValues } from './editor-form';

/** A bundle as the editor opens it (/me/bundle/edit/{url}). */
export interface EditableBundle extends EditableItem {
  skins: string[];
}

export type BundleFormValues = ItemValues & { skins: string[] };

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
  return { ...itemValuesOf(bundle, 'TM2020'), skins: bundle?.skins ?? [] };
}

/** The API's BundleInput for the form's values and screenshots. */
export function bundleDtoOf(
  values: BundleFormValues,
  images: ImageUploads,
  bundleId: string | null,
): BundleInput {
  return { ...itemDtoOf(values, images, bundleId), skins: values.skins.map((id) => ({ id })) };
}
