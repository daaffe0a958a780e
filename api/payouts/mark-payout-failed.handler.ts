import type { Backdated } from '../../infra/event-store/backdating';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runPayoutCommand } from './payout-commands';

/** markPayoutFailed: the transfer of a locked or sent payout failed (a bank's return, PayPal's report). */
export async function markPayoutFailed(
  app: AppContext,
  payoutId: number,
  reason: string,
  metadata: EventMetadata,
  options: { occurredAt?: Backdated } = {},
): Promise<void> {
  const at = options.occurredAt ?? app.now();
  await runPayoutCommand(app, payoutId, { type: 'FailPayout', reason, failedAt: at }, metadata, options);
}
