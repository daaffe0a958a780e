import { Button } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconLockOpen, IconSend } from '@tabler/icons-react';
import { adminMessages } from '../admin.messages';
import type { ActionPayout, usePayoutActions } from '../hooks/use-payout-actions';

const page = adminMessages.payouts;

type Actions = ReturnType<typeof usePayoutActions>;

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
