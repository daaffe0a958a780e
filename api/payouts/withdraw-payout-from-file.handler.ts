import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { runPayoutCommand } from './payout-commands';

/**
 * withdrawPayoutFromFile: an admin takes a locked payout out of the SEPA file that holds it (the
 * bank rejected the file, or it was never uploaded), with the reason; it may then go into a new
 * file, with the same end-to-end id.
 */
export async function withdrawPayoutFromFile(
  app: AppContext,
  payoutId: number,
  reason: string,
  metadata: EventMetadata,
): Promise<void> {
  await runPayoutCommand(
    app,
    payoutId,
    { type: 'WithdrawPayoutExport', reason, withdrawnAt: app.now() },
    metadata,
  );
}
