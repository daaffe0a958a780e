import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CombinedError } from 'urql';
import { useMutation } from 'urql';
import { formatAmount } from '../../../shared/format';
import type { PayoutMethod, PayoutStatus } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { downloadWithToken, postJson } from '../../../shared/http';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { getSessionToken } from '../../../shared/session';
import { PayoutReasonForm } from '../components/payout-reason-form';
import { adminMessages } from '../admin-payouts.messages';
import {
  LockPayoutMutation,
  MarkPayoutFailedMutation,
  SendPayoutMutation,
  WithdrawPayoutFromFileMutation,
} from '../lib/admin-payouts.documents';

const page = adminMessages.payouts;

/** A lock, send or failure changes the payout in every cached list and page. */
const CHANGES_PAYOUTS = { additionalTypenames: ['Payout', 'PayoutPage'] };

/** What the actions need of a payout. */
export interface ActionPayout {
  id: string;
  amount: number;
  payoutStatus: PayoutStatus;
  payoutMethod?: PayoutMethod | null;
  sendToName?: string | null;
  /** The minimum a payout must hold to be locked (the server's rule). */
  minimumAmount?: number;
  /** The SEPA file that holds it, if any (bank payouts). */
  exportBatchId?: string | null;
  exportFileId?: string | null;
  author: { username: string };
}

/** The server's reason for a refusal (under the minimum, no method, wrong status...), if it gave one. */
function reasonOf(error: CombinedError | undefined): string | null {
  if (!error) return null;
  const failure = graphqlFailureOf(error);
  return ['BAD_USER_INPUT', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND'].includes(failure.code ?? '')
    ? failure.message
    : null;
}

function startToast(id: string, message: string) {
  notifications.show({ id, loading: true, message, autoClose: false, withCloseButton: false });
}

function succeed(id: string, message: string) {
  notifications.update({
    id,
    loading: false,
    color: 'teal',
    message,
    autoClose: 5000,
    withCloseButton: true,
  });
}

/** The error toast: the spec's text as the title and the server's reason under it. */
function fail(id: string, message: string, reason: string | null) {
  notifications.update({
    id,
    loading: false,
    color: 'red',
    title: reason ? message : undefined,
    message: reason ?? message,
    autoClose: 5000,
    withCloseButton: true,
  });
}

/**
 * The admin's Lock, Send, Mark as failed and SEPA file, each with a loading toast that turns into
 * the result (spec 2.13). `pending` holds the ids with an action under way.
 */
export function usePayoutActions({ onExported }: { onExported?: () => void } = {}) {
  const [, lockPayout] = useMutation(LockPayoutMutation);
  const [, sendPayout] = useMutation(SendPayoutMutation);
  const [, markPayoutFailed] = useMutation(MarkPayoutFailedMutation);
  const [, withdrawPayoutFromFile] = useMutation(WithdrawPayoutFromFileMutation);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);

  const track = async <T,>(id: string, work: () => Promise<T>): Promise<T> => {
    setPending((current) => new Set(current).add(id));
    try {
      return await work();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const lock = (payout: ActionPayout) =>
    track(payout.id, async () => {
      const toastId = `lock-${payout.id}-${Date.now()}`;
      startToast(toastId, page.locking(payout.id));
      const result = await lockPayout({ id: payout.id }, CHANGES_PAYOUTS);
      if (result.data?.lockPayout.success) return succeed(toastId, page.locked);
      if (result.error) console.error('lockPayout failed', result.error);
      fail(toastId, page.lockFailed, reasonOf(result.error));
    });

  const send = (payout: ActionPayout) =>
    track(payout.id, async () => {
      const toastId = `send-${payout.id}-${Date.now()}`;
      startToast(toastId, page.sending(payout.id));
      const result = await sendPayout({ id: payout.id }, CHANGES_PAYOUTS);
      if (result.data?.sendPayout.success) return succeed(toastId, page.sent);
      if (result.error) console.error('sendPayout failed', result.error);
      fail(toastId, page.sendFailed, reasonOf(result.error));
    });

  /** Money moves: the admin confirms first. */
  const confirmSend = (payout: ActionPayout) =>
    modals.openConfirmModal({
      title: page.confirmSendTitle(payout.id),
      centered: true,
      children: (
        <>
          <Text size="sm">
            {page.confirmSendText(
              formatAmount(payout.amount),
              payout.sendToName || payout.author.username,
              payout.payoutMethod ? payoutsMessages.method[payout.payoutMethod] : page.noMethod,
            )}
          </Text>
          {payout.payoutMethod === 'BANK_TRANSFER' ? (
            <Text size="sm" c="dimmed" mt="xs">
              {page.confirmSendBank}
            </Text>
          ) : null}
        </>
      ),
      labels: { confirm: page.confirmSend, cancel: page.cancel },
      confirmProps: { color: 'green' },
      onConfirm: () => void send(payout),
    });

  const markFailed = (payout: ActionPayout) => {
    const modalId = `mark-failed-${payout.id}`;
    modals.open({
      modalId,
      title: page.markFailedTitle(payout.id),
      centered: true,
      children: (
        <PayoutReasonForm
          texts={{
            intro: page.markFailedIntro,
            label: page.failReason,
            hint: page.failReasonHint,
            placeholder: page.failReasonPlaceholder,
            required: page.failReasonRequired,
            confirm: page.failConfirm,
            color: 'red',
          }}
          onCancel={() => modals.close(modalId)}
          onSubmit={(reason) => {
            modals.close(modalId);
            void track(payout.id, async () => {
              const toastId = `fail-${payout.id}-${Date.now()}`;
              startToast(toastId, page.failing(payout.id));
              const result = await markPayoutFailed({ id: payout.id, reason }, CHANGES_PAYOUTS);
              if (result.data?.markPayoutFailed.success) return succeed(toastId, page.failedDone);
              if (result.error) console.error('markPayoutFailed failed', result.error);
              fail(toastId, page.failFailed, reasonOf(result.error));
            });
          }}
        />
      ),
    });
  };

  /** A stored SEPA file, again: the API wants the bearer header, so no plain link. */
  const downloadFile = async (fileId: string, fallbackName = 'sepa-payouts.xml') => {
    const toastId = `sepa-file-${fileId}-${Date.now()}`;
    startToast(toastId, page.sepaFileDownloading);
    const answer = await downloadWithToken(
      `/api/admin/payouts/sepa-files/${encodeURIComponent(fileId)}`,
      getSessionToken(),
      fallbackName,
    );
    if (answer.ok) succeed(toastId, page.sepaDone(answer.filename));
    else fail(toastId, page.sepaFileFailed, answer.message);
    return answer.ok;
  };

  /**
   * The SEPA file of locked bank payouts: a POST makes and stores the file (recording the export on
   * each payout), then the stored file is downloaded.
   */
  const downloadSepa = async (ids: readonly string[]) => {
    if (ids.length === 0) return false;
    const toastId = `sepa-${Date.now()}`;
    setExporting(true);
    startToast(toastId, page.sepaDownloading);
    const created = await postJson(
      '/api/admin/payouts/sepa-files',
      { ids: ids.map(Number) },
      getSessionToken(),
    );
    // Exporting records itself on each payout: show the new state either way.
    onExported?.();
    if (!created.ok) {
      setExporting(false);
      fail(toastId, page.sepaFailed, created.refusal?.message ?? null);
      return false;
    }
    const file = JSON.parse(created.text) as { fileId: string; filename: string; messageId: string };
    const answer = await downloadWithToken(
      `/api/admin/payouts/sepa-files/${encodeURIComponent(file.fileId)}`,
      getSessionToken(),
      file.filename,
    );
    setExporting(false);
    if (answer.ok) succeed(toastId, page.sepaDone(answer.filename));
    // The file is made and stored: only its download failed, and it can be fetched again.
    else fail(toastId, page.sepaMadeNotDownloaded(file.messageId), answer.message);
    return true;
  };

  /** Take a locked payout out of its SEPA file, with the reason (it shows on the timeline). */
  const withdrawFromFile = (payout: ActionPayout) => {
    const modalId = `withdraw-${payout.id}`;
    modals.open({
      modalId,
      title: page.withdrawTitle(payout.id),
      centered: true,
      children: (
        <PayoutReasonForm
          texts={{
            intro: page.withdrawIntro(payout.exportBatchId ?? ''),
            label: page.withdrawReason,
            hint: page.withdrawReasonHint,
            placeholder: page.withdrawReasonPlaceholder,
            required: page.withdrawReasonRequired,
            confirm: page.withdrawConfirm,
            color: 'orange',
          }}
          onCancel={() => modals.close(modalId)}
          onSubmit={(reason) => {
            modals.close(modalId);
            void track(payout.id, async () => {
              const toastId = `withdraw-${payout.id}-${Date.now()}`;
              startToast(toastId, page.withdrawing(payout.id));
              const result = await withdrawPayoutFromFile({ id: payout.id, reason }, CHANGES_PAYOUTS);
              if (result.data?.withdrawPayoutFromFile.success) return succeed(toastId, page.withdrawn);
              if (result.error) console.error('withdrawPayoutFromFile failed', result.error);
              fail(toastId, page.withdrawFailed, reasonOf(result.error));
            });
          }}
        />
      ),
    });
  };

  return { pending, exporting, lock, confirmSend, markFailed, downloadSepa, downloadFile, withdrawFromFile };
}
