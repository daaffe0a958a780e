import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CombinedError } from 'urql';
import { useMutation } from 'urql';
import type { TermsGround } from '../../../../../domain/moderation/terms-grounds';
import type { ModeratedItemType } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { adminMessages } from '../admin-moderation.messages';
import { ItemModerationHistory } from '../components/item-moderation-history';
import { ModerationReasonForm } from '../components/moderation-reason-form';
import {
  BlockUserMutation,
  DeleteAccountMutation,
  DismissReportsMutation,
  RestoreItemMutation,
  TakeDownItemMutation,
  UnblockUserMutation,
} from '../lib/moderation.documents';

const texts = adminMessages.moderation;

/**
 * A moderation step changes the item's row, the reports queue, the history, the users list and the
 * public lists (a takedown or a block hides things): every cached list of those is fetched again.
 */
export const CHANGES_MODERATION = {
  additionalTypenames: [
    'Skin',
    'SkinPage',
    'Bundle',
    'BundlePage',
    'Comment',
    'CommentPage',
    'ReportedItem',
    'ReportedItemPage',
    'ModerationLogEntry',
    'ModerationLogPage',
    'User',
    'UserPage',
  ],
};

/** A skin, bundle or comment an admin acts on. */
export interface ModerationTarget {
  itemType: ModeratedItemType;
  itemId: string;
  /** A title, or a comment's first words: named in the modal and the toasts. */
  label: string;
}

/** An account an admin blocks or unblocks. */
export interface AccountTarget {
  id: string;
  username: string;
}

export const keyOf = (target: ModerationTarget) => `${target.itemType}-${target.itemId}`;
export const accountKey = (account: AccountTarget) => `ACCOUNT-${account.id}`;

/** The first words of a comment, for a modal's title and a toast. */
export function shortLabel(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The server's reason for a refusal (already taken down, an admin, yourself...), if it gave one. */
function reasonOf(error: CombinedError | undefined): string | null {
  if (!error) return null;
  const failure = graphqlFailureOf(error);
  return ['BAD_USER_INPUT', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND'].includes(failure.code ?? '')
    ? failure.message
    : null;
}

/** What a mutation answered: whether it worked, and the error when it did not. */
type Answer = { success: boolean | undefined; error?: CombinedError };
const answerOf =
  <Field extends string>(field: Field) =>
  (result: { data?: { [key in Field]: { success: boolean } }; error?: CombinedError }): Answer => ({
    success: result.data?.[field].success,
    error: result.error,
  });

/**
 * Take down, remove, restore, dismiss, block, unblock and History, as modals; each step shows a
 * loading toast that turns into the result (as refunds and payouts do). `pending` holds the keys of
 * the items with a step under way.
 */
export function useModerationActions() {
  const [, takeDownItem] = useMutation(TakeDownItemMutation);
  const [, restoreItem] = useMutation(RestoreItemMutation);
  const [, dismissReports] = useMutation(DismissReportsMutation);
  const [, blockUser] = useMutation(BlockUserMutation);
  const [, unblockUser] = useMutation(UnblockUserMutation);
  const [, deleteAccountMutation] = useMutation(DeleteAccountMutation);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  /** Runs one step with its toast; the answer's `field` names the mutation's result. */
  const run = async (
    key: string,
    field: string,
    toast: { working: string; done: string; failed: string },
    work: () => Promise<Answer>,
  ) => {
    const toastId = `moderation-${key}-${Date.now()}`;
    setPending((current) => new Set(current).add(key));
    notifications.show({
      id: toastId,
      loading: true,
      message: toast.working,
      autoClose: false,
      withCloseButton: false,
    });
    const result = await work();
    setPending((current) => {
      const next = new Set(current);
      next.delete(key);
      return next;
    });
    if (result.success) {
      notifications.update({
        id: toastId,
        loading: false,
        color: 'teal',
        message: toast.done,
        autoClose: 5000,
        withCloseButton: true,
      });
      return;
    }
    if (result.error) console.error(`${field} failed`, result.error);
    const reason = reasonOf(result.error);
    notifications.update({
      id: toastId,
      loading: false,
      color: 'red',
      title: reason ? toast.failed : undefined,
      message: reason ?? toast.failed,
      autoClose: 5000,
      withCloseButton: true,
    });
  };

  const openForm = (
    modalId: string,
    title: string,
    form: Omit<Parameters<typeof ModerationReasonForm>[0], 'onCancel' | 'onSubmit'>,
    onSubmit: (reason: string | null, ground: TermsGround | null) => void,
  ) =>
    modals.open({
      modalId,
      title,
      centered: true,
      size: 'lg',
      fullScreen: phone,
      children: (
        <ModerationReasonForm
          {...form}
          onCancel={() => modals.close(modalId)}
          onSubmit={(reason, ground) => {
            modals.close(modalId);
            onSubmit(reason, ground);
          }}
        />
      ),
    });

  /** A skin or bundle is taken down; a comment is removed. */
  const takeDown = (target: ModerationTarget) => {
    const comment = target.itemType === 'COMMENT';
    const copy = comment ? texts.removeComment : texts.takeDown;
    openForm(
      `take-down-${keyOf(target)}`,
      comment ? texts.removeComment.title : texts.takeDown.title(target.label),
      {
        intro: comment ? texts.removeComment.intro : texts.takeDown[target.itemType as 'SKIN' | 'BUNDLE'],
        required: true,
        withGround: true,
        hint: copy.reasonHint,
        placeholder: copy.placeholder,
        confirmLabel: copy.confirm,
        confirmColor: 'red.9',
      },
      (reason, ground) =>
        void run(
          keyOf(target),
          'takeDownItem',
          comment
            ? texts.removeComment
            : {
                working: texts.takeDown.working(target.label),
                done: texts.takeDown.done(target.label),
                failed: texts.takeDown.failed,
              },
          () =>
            takeDownItem(
              {
                itemType: target.itemType,
                itemId: target.itemId,
                ground: ground ?? 'UNSUITABLE_CONTENT',
                reason: reason ?? '',
              },
              CHANGES_MODERATION,
            ).then(answerOf('takeDownItem')),
        ),
    );
  };

  const restore = (target: ModerationTarget) => {
    const comment = target.itemType === 'COMMENT';
    const copy = texts.restore;
    openForm(
      `restore-${keyOf(target)}`,
      comment ? copy.commentTitle : copy.title(target.label),
      {
        intro: copy[target.itemType],
        required: false,
        hint: copy.noteHint,
        confirmLabel: copy.confirm,
        confirmColor: 'teal.9',
      },
      (reason) =>
        void run(
          keyOf(target),
          'restoreItem',
          { working: copy.working(target.label), done: copy.done(target.label), failed: copy.failed },
          () =>
            restoreItem(
              { itemType: target.itemType, itemId: target.itemId, reason },
              CHANGES_MODERATION,
            ).then(answerOf('restoreItem')),
        ),
    );
  };

  const dismiss = (target: ModerationTarget) => {
    const copy = texts.dismiss;
    openForm(
      `dismiss-${keyOf(target)}`,
      copy.title(target.label),
      {
        intro: copy.intro,
        required: false,
        hint: copy.noteHint,
        confirmLabel: copy.confirm,
      },
      (note) =>
        void run(keyOf(target), 'dismissReports', copy, () =>
          dismissReports({ itemType: target.itemType, itemId: target.itemId, note }, CHANGES_MODERATION).then(
            answerOf('dismissReports'),
          ),
        ),
    );
  };

  const block = (account: AccountTarget) => {
    const copy = texts.block;
    openForm(
      `block-${account.id}`,
      copy.title(account.username),
      {
        intro: copy.intro,
        effects: copy.effects,
        required: true,
        withGround: true,
        hint: copy.reasonHint,
        placeholder: copy.placeholder,
        confirmLabel: copy.confirm,
        confirmColor: 'red.9',
      },
      (reason, ground) =>
        void run(
          accountKey(account),
          'blockUser',
          {
            working: copy.working(account.username),
            done: copy.done(account.username),
            failed: copy.failed,
          },
          () =>
            blockUser(
              { id: account.id, ground: ground ?? 'HARASSMENT_OR_SPAM', reason: reason ?? '' },
              CHANGES_MODERATION,
            ).then(answerOf('blockUser')),
        ),
    );
  };

  const unblock = (account: AccountTarget) => {
    const copy = texts.unblock;
    openForm(
      `unblock-${account.id}`,
      copy.title(account.username),
      {
        intro: copy.intro,
        required: false,
        hint: copy.noteHint,
        confirmLabel: copy.confirm,
        confirmColor: 'teal.9',
      },
      (reason) =>
        void run(
          accountKey(account),
          'unblockUser',
          {
            working: copy.working(account.username),
            done: copy.done(account.username),
            failed: copy.failed,
          },
          () => unblockUser({ id: account.id, reason }, CHANGES_MODERATION).then(answerOf('unblockUser')),
        ),
    );
  };

  const deleteAccount = (account: AccountTarget) => {
    const copy = texts.deleteAccount;
    openForm(
      `delete-${account.id}`,
      copy.title(account.username),
      {
        intro: copy.intro,
        effects: copy.effects,
        required: true,
        hint: copy.reasonHint,
        placeholder: copy.placeholder,
        confirmLabel: copy.confirm,
        confirmColor: 'red.9',
      },
      (reason) =>
        void run(
          accountKey(account),
          'deleteAccount',
          {
            working: copy.working(account.username),
            done: copy.done(account.username),
            failed: copy.failed,
          },
          () =>
            deleteAccountMutation(
              { input: { userId: account.id, reason: reason ?? '' } },
              CHANGES_MODERATION,
            ).then(answerOf('deleteAccount')),
        ),
    );
  };

  /** The History modal of an item, or of an account (itemType ACCOUNT). */
  const showHistory = (target: { itemType: string; itemId: string; label: string }) =>
    modals.open({
      title:
        target.itemType === 'ACCOUNT'
          ? texts.history.accountTitle(target.label)
          : texts.history.title(target.label),
      centered: true,
      size: 'lg',
      fullScreen: phone,
      children: <ItemModerationHistory itemType={target.itemType} itemId={target.itemId} />,
    });

  return { pending, takeDown, restore, dismiss, block, unblock, deleteAccount, showHistory };
}

export type ModerationActions = ReturnType<typeof useModerationActions>;
