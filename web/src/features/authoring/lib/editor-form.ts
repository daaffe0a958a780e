import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { itemEditorMessages } from '../item-editor.messages';
import type { z } from 'zod';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import type { ImageUploads, KeptImage } from '../uploads';

/** Spec 9: skin titles in the skin pickers are cut at 25 characters. */
export const SKIN_LABEL_MAX = 25;

export function truncateLabel(title: string, max = SKIN_LABEL_MAX): string {
  return title.length > max ? `${title.slice(0, max - 1).trimEnd()}…` : title;
}

/** The first message of each top-level field of a failed parse, as the form's errors. */
export function fieldErrorsOf(error: z.ZodError): Record<string, ReactNode> {
  const errors: Record<string, ReactNode> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A typed price field: empty is free (null); otherwise the number. */
export function priceOf(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const price = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(price) ? price : null;
}

/** The spec's name counter shows from two thirds of the maximum length. */
export function showsCounter(length: number, max: number): boolean {
  return length >= Math.ceil((max * 2) / 3);
}

/** A refused save: the server's message goes under its field, when the form has that field. */
export function markRefusedField(
  error: CombinedError | undefined,
  fields: ReadonlySet<string>,
  setServerError: (field: string, message: ReactNode) => void,
): void {
  if (!error) return;
  const failure = graphqlFailureOf(error);
  if (failure.code === 'BAD_USER_INPUT' && failure.field && fields.has(failure.field))
    setServerError(failure.field, failure.message);
}

/** The fields every item's form has; a skin and a bundle add their own. */
export interface ItemValues extends Record<string, unknown> {
  title: string;
  description: string;
  type: GameType;
  price: number | string;
  payWhatYouWant: boolean;
  videoUrl: string;
}

/** What every item brings into the editor (/me/{skin,bundle}/edit/{url}). */
export interface EditableItem {
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
}

/** The shared fields' values for an item, or a new one of game `type`. */
export function itemValuesOf(item: EditableItem | null, type: GameType): ItemValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    type: item?.type ?? type,
    price: item && item.price > 0 ? item.price : '',
    payWhatYouWant: item?.payWhatYouWant ?? false,
    videoUrl: item?.videoUrl ?? '',
  };
}

/** The shared part of the API's input for the values and screenshots. */
export function itemDtoOf(values: ItemValues, images: ImageUploads, id: string | null) {
  return {
    id,
    title: values.title,
    description: values.description,
    type: values.type,
    price: priceOf(values.price),
    payWhatYouWant: values.payWhatYouWant,
    videoUrl: values.videoUrl.trim() || null,
    images: images.resources,
  };
}

export type ItemKind = 'skin' | 'bundle';

/** The texts of one kind of item's editor: its toasts, alerts, buttons and page. */
export const kindTexts = (kind: ItemKind) =>
  kind === 'skin' ? itemEditorMessages.skinEditor : itemEditorMessages.bundleEditor;
