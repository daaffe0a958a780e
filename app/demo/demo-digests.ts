import type { AppContext } from '../../api/app-context';
import { setDigestFrequency } from '../../api/notifications/notification-digests';

/**
 * The demo `player` chose a weekly digest and has had none yet: once the notifications read model
 * has caught up with the demo's events, the digest job (at start and every minute) records their
 * first digest, and it shows at Admin → Mails (the local outbox) within a minute or two of start.
 */
export async function seedDemoDigests(app: AppContext, accounts: { player: number }): Promise<void> {
  await setDigestFrequency(app.pool, accounts.player, 'WEEKLY');
}
