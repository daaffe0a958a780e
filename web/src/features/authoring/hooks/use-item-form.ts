import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import type { CombinedError, TypedDocumentNode } from 'urql';
import type { z } from 'zod';
import { editorMessages } from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { ErrorsAfterSubmit } from '../../../shared/forms';
import type { ImageUploads } from '../../../shared/uploads';
import { itemEditorMessages } from '../item-editor.messages';
import { fieldErrorsOf, markRefusedField } from '../lib/editor-form';

/** Saving an item changes every list of skins and bundles the cache holds (even an empty one). */
export const CHANGES_ITEMS = { additionalTypenames: ['Skin', 'SkinPage', 'Bundle', 'BundlePage'] };

/** The fields every item's form has; a skin and a bundle add their own. */
export interface ItemValues extends Record<string, unknown> {
  title: string;
  description: string;
  type: GameType;
  price: number | string;
  payWhatYouWant: boolean;
  videoUrl: string;
}

/** The uploads a form's validation reads: the screenshots, and whatever else the item uploads. */
export interface ItemUploads {
  images: ImageUploads;
}

/** What a save says back: the saved item, or why it was not saved. */
export interface SavedItemRef {
  id: string;
  url: string;
}

/** The toasts and alerts of one kind of item. */
export interface ItemSaveTexts {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/** How one kind of item is saved: its two mutations and where their answers put the saved item. */
export interface ItemSaving<Dto, CreateData, UpdateData> {
  /** Names the failure in the console: `createSkin failed`. */
  name: string;
  create: TypedDocumentNode<CreateData, { dto: Dto }>;
  update: TypedDocumentNode<UpdateData, { dto: Dto }>;
  created: (data: CreateData | undefined) => SavedItemRef | undefined;
  updated: (data: UpdateData | undefined) => SavedItemRef | undefined;
}

export interface ItemFormOptions<V extends ItemValues, U extends ItemUploads, Dto, CreateData, UpdateData> {
  editing: boolean;
  initialValues: V;
  uploads: U;
  /** A change in it re-checks the form after the first attempt, as the screenshots' changes do. */
  watchedUpload?: unknown;
  /** The API's input for these values (memoised: the validation keeps its identity). */
  dtoOf: (values: V, uploads: U) => Dto;
  schema: z.ZodType;
  /** What only the editor knows beyond the shared rules (memoised). */
  moreErrors?: (values: V, uploads: U, errors: Record<string, ReactNode>) => void;
  saving: ItemSaving<Dto, CreateData, UpdateData>;
  texts: ItemSaveTexts;
  /** The fields a refused save may point at. */
  refusable: ReadonlySet<string>;
  savedMessage?: string;
  onSaved: (saved: SavedItemRef, dto: Dto) => void;
}

export interface ItemFormState<V extends ItemValues> {
  form: UseFormReturnType<V>;
  errors: ErrorsAfterSubmit<V>;
  saving: boolean;
  /** The last save was refused or failed. */
  failed: boolean;
  onSubmit: ReturnType<ErrorsAfterSubmit<V>['onSubmit']>;
}

/**
 * One item's form (spec 4, 5): the shared rules through the item's schema, the screenshots' state,
 * the create or update mutation and its toasts. Nothing is flagged until the first failed publish;
 * then the messages follow the changes and the uploads.
 */
export function useItemForm<V extends ItemValues, U extends ItemUploads, Dto, CreateData, UpdateData>(
  options: ItemFormOptions<V, U, Dto, CreateData, UpdateData>,
): ItemFormState<V> {
  const { editing, uploads, dtoOf, schema, moreErrors } = options;
  const [failed, setFailed] = useState(false);
  const [{ fetching: creating }, create] = useMutation(options.saving.create);
  const [{ fetching: updating }, update] = useMutation(options.saving.update);

  // What the uploads say, read by the validation (which must keep its identity between renders).
  const uploadsRef = useRef(uploads);
  useEffect(() => {
    uploadsRef.current = uploads;
  });

  // Spec 5 through the shared rules, plus what only the editor knows: uploads under way or failed.
  const validate = useCallback(
    (values: V) => {
      const current = uploadsRef.current;
      const parsed = schema.safeParse(dtoOf(values, current));
      const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
      if (current.images.failed) errors.images = editorMessages.imageFailed;
      else if (current.images.uploading) errors.images = itemEditorMessages.editor.imagesUploading;
      moreErrors?.(values, current, errors);
      return errors;
    },
    [dtoOf, schema, moreErrors],
  );

  const form = useForm<V>({
    initialValues: options.initialValues,
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  // After the first attempt the upload messages follow the uploads too.
  const attempted = errors.attempted;
  useEffect(() => {
    if (attempted) form.validate();
  }, [attempted, uploads.images.items, options.watchedUpload]);

  const submit = async () => {
    setFailed(false);
    const dto = dtoOf(form.getValues(), uploadsRef.current);
    const { saved, error } = editing
      ? await update({ dto }, CHANGES_ITEMS).then((result) => ({
          saved: options.saving.updated(result.data),
          error: result.error,
        }))
      : await create({ dto }, CHANGES_ITEMS).then((result) => ({
          saved: options.saving.created(result.data),
          error: result.error,
        }));
    if (error || !saved) {
      refused(error);
      return;
    }
    notifications.show({
      color: 'teal',
      message: options.savedMessage ?? (editing ? options.texts.updated : options.texts.created),
    });
    options.onSaved(saved, dto);
  };

  const refused = (error: CombinedError | undefined) => {
    console.error(`${editing ? 'update' : 'create'}${options.saving.name} failed`, error);
    markRefusedField(error, options.refusable, errors.setServerError);
    setFailed(true);
    notifications.show({
      color: 'red',
      message: editing ? options.texts.updateFailed : options.texts.createFailed,
    });
  };

  return { form, errors, saving: creating || updating, failed, onSubmit: errors.onSubmit(submit) };
}
