import { hasRoles } from '../../domain/accounts/roles';
import {
  ACCOUNT_STREAM_TYPE,
  accountBlockDecider,
  accountSchemaVersions,
  accountStreamId,
  type AccountBlockCommand,
  type AccountEvent,
} from '../../domain/accounts/account.events';
import { DomainError } from '../../domain/errors';
import type { TermsGround } from '../../domain/moderation/terms-grounds';
import type { Session } from '../../infra/auth/session-tokens';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { findUserById } from '../accounts/users.repository';
import type { AppContext } from '../app-context';

const accountStream: StreamKind<AccountEvent> = {
  streamType: ACCOUNT_STREAM_TYPE,
  schemaVersions: accountSchemaVersions,
};

/**
 * An admin blocks or unblocks an account. The block is recorded on the account's stream; the inline
 * moderation projection and the triggers of migration 022 then mark the account and what it made,
 * which ends its sessions (a new session version) and hides its skins, bundles and comments. Its
 * purchases stay as they are.
 */
export async function setAccountBlocked(
  app: Pick<AppContext, 'pool' | 'store' | 'now' | 'log'>,
  admin: Session,
  userId: number,
  change: { block: true; reason: string; ground: TermsGround } | { block: false; reason: string | null },
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<void> {
  const user = await findUserById(app.pool, userId);
  if (!user || user.anonymous) throw new DomainError('NOT_FOUND', 'There is no such account.');
  const facts = {
    userId,
    adminId: admin.id,
    targetIsAdmin: hasRoles(user.roles, ['admin']),
    now: app.now().toISOString(),
  };
  const command: AccountBlockCommand = change.block
    ? { ...facts, kind: 'block', reason: change.reason, ground: change.ground }
    : { ...facts, kind: 'unblock', reason: change.reason };
  await handleCommand(
    app,
    { streamId: accountStreamId(userId), kind: accountStream, decider: accountBlockDecider },
    command,
    { metadata: { ...metadata, actor: { userId: admin.id, role: 'admin' } } },
  );
  app.log.info(
    { userId, by: admin.id, block: change.block },
    change.block ? 'account blocked' : 'account unblocked',
  );
}
