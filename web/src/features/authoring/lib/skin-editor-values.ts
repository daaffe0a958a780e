import type { ReactNode } from 'react';
import { editorMessages } from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import type { SkinInput } from '../../../shared/graphql/generated/graphql';
import type { FileUploadState, ImageUploads } from '../uploads';
import { itemDtoOf, itemValuesOf, type EditableItem, type ItemValues } from './editor-form';

/** A skin as the editor opens it (/me/skin/edit/{url}). */
export interface EditableSkin extends EditableItem {
  availableAlone: boolean;
  colorPrimary: string | null;
  colorSecondary: string | null;
  rating: { average: number; totalRatings: number };
  downloads?: { total: number };
  colorVariations: string[];
  /** Link names of its (active) tags. */
  tags: string[];
}

export type SkinFormValues = ItemValues & {
  availableAlone: boolean;
  colorPrimary: string;
  twoColors: boolean;
  colorSecondary: string;
  colorVariations: string[];
  tags: string[];
};

/** The skin's uploads: its screenshots and (a new skin's) .zip. */
export interface SkinUploads {
  images: ImageUploads;
  zip: FileUploadState | null;
}

/** The fields a refused save of a skin may point at. */
export const SKIN_FORM_FIELDS: ReadonlySet<string> = new Set([
  'tags',
  'title',
  'description',
  'type',
  'price',
  'videoUrl',
  'colorPrimary',
  'colorSecondary',
  'colorVariations',
  'images',
  'skinSource',
]);

export function skinValuesOf(skin: EditableSkin | null, type: GameType): SkinFormValues {
  return {
    ...itemValuesOf(skin, type),
    availableAlone: skin?.availableAlone ?? true,
    colorPrimary: skin?.colorPrimary ?? '',
    twoColors: Boolean(skin?.colorSecondary),
    colorSecondary: skin?.colorSecondary ?? '',
    colorVariations: skin?.colorVariations ?? [],
    tags: skin?.tags ?? [],
  };
}

/** Which parts of the skin this form shows, and so sends. */
export interface SkinFormShape {
  skinId: string | null;
  withVariations: boolean;
  compact: boolean;
}

/** The API's SkinInput for the form's values and uploads. */
export function skinDtoOf(values: SkinFormValues, uploads: SkinUploads, shape: SkinFormShape): SkinInput {
  const editing = shape.skinId !== null;
  return {
    ...itemDtoOf(values, uploads.images, shape.skinId),
    availableAlone: values.availableAlone,
    colorPrimary: values.colorPrimary || null,
    colorSecondary: values.twoColors ? values.colorSecondary || null : null,
    colorVariations: shape.withVariations || editing ? values.colorVariations : [],
    // The short form has no tag picker: it leaves the tags as they are.
    tags: shape.compact ? null : values.tags,
    skinSource:
      !editing && uploads.zip?.status === 'done' && uploads.zip.id
        ? { id: uploads.zip.id, temporary: true, type: 'SKIN_SOURCE', order: 0 }
        : null,
  };
}

/** What only the skin editor knows: the .zip of a new skin, and a second color once asked for. */
export function moreSkinErrors(
  values: SkinFormValues,
  uploads: SkinUploads,
  errors: Record<string, ReactNode>,
  editing: boolean,
): void {
  if (!editing) {
    if (!uploads.zip) errors.skinSource = editorMessages.zipMissing;
    else if (uploads.zip.status === 'uploading') errors.skinSource = editorMessages.zipUploading;
    // The file's own row already says what is wrong with it: the field says what to do.
    else if (uploads.zip.status === 'failed') errors.skinSource = editorMessages.zipFailed;
  }
  if (values.twoColors && !values.colorSecondary) errors.colorSecondary = editorMessages.color;
}
