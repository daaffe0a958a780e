import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import type { CombinedError, TypedDocumentNode } from 'urql';
import type { z } from 'zod';
import { editorMessages } from '../../../../../domain/catalog/item-editor.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { ErrorsAfterSubmit } from '../../../shared/forms';
import type { ImageUploads } from '../uploads';
import { itemEditorMessages } from '../item-editor.messages';
import {
  fieldErrorsOf,
  kindTexts,
  markRefusedField,
  type ItemKind,
  type ItemValues,
} from '../lib/editor-form';

export type { ItemValues };

/** Saving an item changes every list of skins and bundles the cache holds (even an empty one). */
export const CHANGES_ITEMS = { additionalTypenames: ['Skin', 'SkinPage', 'Bundle', 'BundlePage'] };

/** The uploads a form's validation reads: the screenshots, and whatever else the item uploads. */
export interface ItemUploads {
  images: ImageUploads;
}

/** What a save says back: the saved item, or why it was not saved. */
export interface SavedItemRef {
  id: string;
  url: string;
}

/** How one kind of item is saved: its two mutations, each answering with the saved item as its one field. */
export interface ItemSaving<Dto, CreateData, UpdateData> {
  create: TypedDocumentNode<CreateData, { dto: Dto }>;
  update: TypedDocumentNode<UpdateData, { dto: Dto }>;
}

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The saved item in a save's answer (`{ createSkin: { id, url } }`). */
function savedOf(data: object | undefined): SavedItemRef | undefined {
  return data ? (Object.values(data)[0] as SavedItemRef | undefined) : undefined;
}

export interface ItemFormOptions<
  V extends ItemValues,
  U extends ItemUploads,
  Dto,
  CreateData extends object,
  UpdateData extends object,
> {
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
  kind: ItemKind;
  saving: ItemSaving<Dto, CreateData, UpdateData>;
  /** The fields a refused save may point at. */
  refusable: ReadonlySet<string>;
  savedMessage?: string;
  onSaved: (saved: SavedItemRef, dto: Dto) => void;
}

export interface ItemFormState<V extends ItemValues> {
  form: UseFormReturnType<V>;
  editing: boolean;
  images: ImageUploads;
  errors: ErrorsAfterSubmit<V>;
  saving: boolean;
  /** The last save was refused or failed. */
  failed: boolean;
  onSubmit: ReturnType<ErrorsAfterSubmit<V>['onSubmit']>;
  /** A change of game: the skins linked in `linked` keep only those of the new game. */
  changeGame: (
    type: string | null,
    linked: 'colorVariations' | 'skins',
    skins: readonly { id: string; type: string }[],
  ) => void;
}

/**
 * One item's form (spec 4, 5): the shared rules through the item's schema, the screenshots' state,
 * the create or update mutation and its toasts. Nothing is flagged until the first failed publish;
 * then the messages follow the changes and the uploads.
 */
export function useItemForm<
  V extends ItemValues,
  U extends ItemUploads,
  Dto,
  CreateData extends object,
  UpdateData extends object,
>(options: ItemFormOptions<V, U, Dto, CreateData, UpdateData>): ItemFormState<V> {
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

  const texts = kindTexts(options.kind);
  const submit = async () => {
    setFailed(false);
    const dto = dtoOf(form.getValues(), uploadsRef.current);
    const { data, error } = await (editing ? update : create)({ dto }, CHANGES_ITEMS);
    const saved = savedOf(data ?? undefined);
    if (error || !saved) {
      refused(error);
      return;
    }
    notifications.show({
      color: 'teal',
      message: options.savedMessage ?? (editing ? texts.updated : texts.created),
    });
    options.onSaved(saved, dto);
  };

  const refused = (error: CombinedError | undefined) => {
    console.error(`${editing ? 'update' : 'create'}${upperFirst(options.kind)} failed`, error);
    markRefusedField(error, options.refusable, errors.setServerError);
    setFailed(true);
    notifications.show({
      color: 'red',
      message: editing ? texts.updateFailed : texts.createFailed,
    });
  };

  const changeGame: ItemFormState<V>['changeGame'] = (type, linked, skins) => {
    if (!type) return;
    const ids = form.getValues()[linked] as string[];
    const kept = ids.filter((id) => skins.find((skin) => skin.id === id)?.type === type);
    form.setValues({ type, [linked]: kept } as Partial<V>);
  };

  return {
    form,
    editing,
    images: uploads.images,
    errors,
    saving: creating || updating,
    failed,
    onSubmit: errors.onSubmit(submit),
    changeGame,
  };
}
