import { Button, Text } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import {
  IconAlertTriangle,
  IconFileDownload,
  IconFileMinus,
  IconLock,
  IconLockOpen,
  IconSend,
} from '@tabler/icons-react';
import { formatAmount } from '../../../shared/format';
import { adminMessages } from '../admin-payouts.messages';
import type { ActionPayout, usePayoutActions } from '../hooks/use-payout-actions';

const page = adminMessages.payouts;

type Actions = ReturnType<typeof usePayoutActions>;

/** Why an action is not offered: a short note, its explanation as the title. */
function NotOffered({ label, hint }: { label: string; hint: string }) {
  return (
    <Text size="xs" c="dimmed" title={hint} style={{ whiteSpace: 'nowrap' }}>
      {label}
    </Text>
  );
}

/** A pending payout under the minimum cannot be locked (the server refuses it): say so instead. */
export function underMinimum(payout: ActionPayout): boolean {
  return (
    payout.payoutStatus === 'PENDING' &&
    payout.minimumAmount !== undefined &&
    payout.amount < payout.minimumAmount
  );
}

/** A locked bank payout is sent only once it went out in a SEPA file (the server refuses it before). */
export function waitsForFile(payout: ActionPayout): boolean {
  return payout.payoutStatus === 'LOCKED' && payout.payoutMethod === 'BANK_TRANSFER' && !payout.exportBatchId;
}

/** Lock (a pending payout) or Lock again (a failed one); nothing for other statuses. */
export function LockButton({
  payout,
  actions,
  size = 'xs',
}: {
  payout: ActionPayout;
  actions: Actions;
  size?: MantineSize;
}) {
  if (payout.payoutStatus !== 'PENDING' && payout.payoutStatus !== 'ERROR') return null;
  if (underMinimum(payout)) {
    const minimum = formatAmount(payout.minimumAmount ?? 0);
    return <NotOffered label={page.underMinimum(minimum)} hint={page.underMinimumHint(minimum)} />;
  }
  const again = payout.payoutStatus === 'ERROR';
  return (
    <Button
      size={size}
      variant="light"
      color="lime"
      leftSection={again ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
      loading={actions.pending.has(payout.id)}
      onClick={() => void actions.lock(payout)}
      aria-label={again ? page.lockAgainLabel(payout.id) : page.lockLabel(payout.id)}
    >
      {again ? page.lockAgain : page.lock}
    </Button>
  );
}

/** Send a locked payout, after a confirmation. */
export function SendButton({
  payout,
  actions,
  size = 'xs',
}: {
  payout: ActionPayout;
  actions: Actions;
  size?: MantineSize;
}) {
  if (payout.payoutStatus !== 'LOCKED') return null;
  if (waitsForFile(payout)) return <NotOffered label={page.sendNeedsFile} hint={page.sendNeedsFileHint} />;
  return (
    <Button
      size={size}
      variant="filled"
      color="green"
      leftSection={<IconSend size={14} aria-hidden />}
      loading={actions.pending.has(payout.id)}
      onClick={() => actions.confirmSend(payout)}
      aria-label={page.sendLabel(payout.id)}
    >
      {page.send}
    </Button>
  );
}

/** Record that a locked or sent payout's transfer failed. */
export function MarkFailedButton({
  payout,
  actions,
  size = 'xs',
}: {
  payout: ActionPayout;
  actions: Actions;
  size?: MantineSize;
}) {
  if (payout.payoutStatus !== 'LOCKED' && payout.payoutStatus !== 'SENT') return null;
  return (
    <Button
      size={size}
      variant="subtle"
      color="red"
      leftSection={<IconAlertTriangle size={14} aria-hidden />}
      disabled={actions.pending.has(payout.id)}
      onClick={() => actions.markFailed(payout)}
    >
      {page.markFailed}
    </Button>
  );
}

/** Download the stored SEPA file that holds the payout, as it was made. */
export function DownloadFileButton({
  payout,
  actions,
  size = 'xs',
}: {
  payout: ActionPayout;
  actions: Actions;
  size?: MantineSize;
}) {
  if (!payout.exportFileId || !payout.exportBatchId) return null;
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconFileDownload size={14} aria-hidden />}
      onClick={() => void actions.downloadFile(payout.exportFileId!, `${payout.exportBatchId}.xml`)}
      aria-label={page.downloadFileLabel(payout.exportBatchId)}
    >
      {page.downloadFile}
    </Button>
  );
}

/** Take a locked payout out of its SEPA file (the bank did not pay the file), with a reason. */
export function WithdrawButton({
  payout,
  actions,
  size = 'xs',
}: {
  payout: ActionPayout;
  actions: Actions;
  size?: MantineSize;
}) {
  if (payout.payoutStatus !== 'LOCKED' || !payout.exportBatchId) return null;
  return (
    <Button
      size={size}
      variant="subtle"
      color="orange"
      leftSection={<IconFileMinus size={14} aria-hidden />}
      disabled={actions.pending.has(payout.id)}
      onClick={() => actions.withdrawFromFile(payout)}
      aria-label={page.withdrawLabel(payout.id)}
    >
      {page.withdraw}
    </Button>
  );
}
