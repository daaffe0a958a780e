import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { accountMessages } from '../account.messages';
import { HideBundleMutation, HideSkinMutation } from '../lib/authoring.documents';

/** Spec 9: toasts close after 5 s. */
const TOAST_MS = 5000;

/** A visibility change shows in every cached list of skins and bundles (the public ones too). */
const CHANGES_VISIBILITY = { additionalTypenames: ['Skin', 'SkinPage', 'Bundle', 'BundlePage'] };

export interface VisibilityToggle {
  /** The row's visibility, with the changes made here. */
  publishedOf: (item: { id: string; published: boolean }) => boolean;
  isPending: (id: string) => boolean;
  toggle: (item: { id: string; published: boolean }) => Promise<void>;
}

/**
 * Hide or publish an own skin or bundle (spec 4, 8): a loading toast, then success or error in the
 * same toast; on success the row flips.
 */
export function useVisibilityToggle(kind: 'skin' | 'bundle'): VisibilityToggle {
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [, hideSkin] = useMutation(HideSkinMutation);
  const [, hideBundle] = useMutation(HideBundleMutation);
  const texts = kind === 'skin' ? accountMessages.skinVisibility : accountMessages.bundleVisibility;

  const publishedOf = (item: { id: string; published: boolean }) => overrides[item.id] ?? item.published;

  const toggle = async (item: { id: string; published: boolean }) => {
    if (pending.has(item.id)) return;
    const hide = publishedOf(item);
    const toastId = `visibility-${kind}-${item.id}-${Date.now()}`;
    setPending((current) => new Set(current).add(item.id));
    notifications.show({
      id: toastId,
      loading: true,
      message: hide ? texts.hiding : texts.publishing,
      autoClose: false,
      withCloseButton: false,
    });
    let success: boolean;
    let error: CombinedError | undefined;
    if (kind === 'skin') {
      const result = await hideSkin({ hide, id: item.id }, CHANGES_VISIBILITY);
      if (result.error) console.error('hideSkin failed', result.error);
      success = result.data?.hideSkin.success === true;
      error = result.error;
    } else {
      const result = await hideBundle({ id: item.id, hide }, CHANGES_VISIBILITY);
      if (result.error) console.error('hideBundle failed', result.error);
      success = result.data?.hideBundle.success === true;
      error = result.error;
    }
    // A refusal the author can act on (an admin took the item down: FORBIDDEN with the reason)
    // follows the spec's text; anything else keeps the spec's text alone.
    const failure = error ? graphqlFailureOf(error) : null;
    const failed =
      failure?.code === 'FORBIDDEN' && failure.message ? `${texts.failed} ${failure.message}` : texts.failed;
    setPending((current) => {
      const next = new Set(current);
      next.delete(item.id);
      return next;
    });
    if (success) setOverrides((current) => ({ ...current, [item.id]: !hide }));
    notifications.update({
      id: toastId,
      loading: false,
      color: success ? 'teal' : 'red',
      message: success ? (hide ? texts.hidden : texts.published) : failed,
      autoClose: TOAST_MS,
      withCloseButton: true,
    });
  };

  return { publishedOf, isPending: (id) => pending.has(id), toggle };
}
