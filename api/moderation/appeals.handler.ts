import { sql } from 'slonik';
import { z } from 'zod';
import {
  APPEAL_STREAM_TYPE,
  appealDecider,
  appealSchemaVersions,
  appealStreamId,
  type AppealCommand,
  type AppealEvent,
  type AppealOutcome,
} from '../../domain/moderation/appeal.decider';
import type { ModeratedItemType } from '../../domain/moderation/moderation.schemas';
import { DomainError } from '../../domain/errors';
import type { Session } from '../../infra/auth/session-tokens';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';
import { setAccountBlocked } from './account-blocks.handler';
import { moderateItem } from './item-moderation.handler';
import { statementById, type StatementRow } from './statements.repository';

const appealStream: StreamKind<AppealEvent> = {
  streamType: APPEAL_STREAM_TYPE,
  schemaVersions: appealSchemaVersions,
};

type Deps = Pick<AppContext, 'pool' | 'store' | 'now' | 'log'>;

const notFound = () => new DomainError('NOT_FOUND', 'There is no such statement of reasons.');

async function runOnStatement(
  app: Deps,
  statement: StatementRow,
  command: AppealCommand,
  metadata: EventMetadata,
) {
  await handleCommand(
    app,
    { streamId: appealStreamId(statement.id), kind: appealStream, decider: appealDecider },
    command,
    { metadata },
  );
}

const factsOf = (statement: StatementRow, now: Date) => ({
  statementId: statement.id,
  affectedUserId: statement.user_id,
  issuedAt: new Date(statement.issued_at).toISOString(),
  now: now.toISOString(),
});

/**
 * The person a statement of reasons was sent to appeals the decision, once. Anyone else is told
 * the statement does not exist (its existence is the affected person's business).
 */
export async function appealDecision(
  app: Deps,
  viewer: Session,
  statementId: number,
  text: string,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<void> {
  const statement = await statementById(app.pool, statementId);
  if (!statement || statement.user_id !== viewer.id) throw notFound();
  await runOnStatement(
    app,
    statement,
    { ...factsOf(statement, app.now()), kind: 'appeal', appellantId: viewer.id, text },
    { ...metadata, actor: { userId: viewer.id } },
  );
  app.log.info({ statementId, by: viewer.id }, 'decision appealed');
}

/**
 * The appeal of a person who cannot sign in (a blocked account), through the signed link mailed
 * with their statement (infra/auth/appeal-link-tokens.ts). The link is the proof of who appeals: it
 * names one statement, expires with its appeal window, and the appeal decider refuses a second
 * appeal (CONFLICT), so a used link does nothing more. A link not signed by the site, changed or
 * expired, or for an account since deleted, is refused as NOT_FOUND with one message for all.
 */
export async function statementOfAppealLink(
  app: Pick<AppContext, 'pool' | 'appealLinkTokens'>,
  token: string,
): Promise<StatementRow> {
  const grant = app.appealLinkTokens.verify(token);
  const statement = grant ? await statementById(app.pool, grant.statementId) : null;
  if (!statement || (await accountDeleted(app, statement.user_id))) {
    throw new DomainError(
      'NOT_FOUND',
      'This appeal link does not work: it is not one we sent, or the time to appeal has ended.',
    );
  }
  return statement;
}

async function accountDeleted(app: Pick<AppContext, 'pool'>, userId: number) {
  return (
    (await app.pool.maybeOneFirst(
      sql.type(z.object({ deleted: z.boolean() }))`
        select deleted_at is not null as deleted from users where id = ${userId}`,
    )) ?? true
  );
}

export async function appealDecisionByLink(
  app: Deps & Pick<AppContext, 'appealLinkTokens'>,
  token: string,
  text: string,
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<number> {
  const statement = await statementOfAppealLink(app, token);
  const appellantId = statement.user_id;
  await runOnStatement(
    app,
    statement,
    { ...factsOf(statement, app.now()), kind: 'appeal', appellantId, text },
    { ...metadata, actor: { userId: appellantId } },
  );
  app.log.info({ statementId: statement.id, by: appellantId }, 'decision appealed through a mailed link');
  return statement.id;
}

/**
 * An admin answers an appeal. A reversal then undoes the decision where the site can: the skin,
 * bundle or comment is restored, the account unblocked (each only if it still stands: an admin may
 * have undone it meanwhile). A payout held as failed is not sent by a reversal: it is locked again
 * from the payout's page once its details are right (docs/moderation.md).
 */
export async function answerAppeal(
  app: Deps,
  admin: Session,
  statementId: number,
  answer: { outcome: AppealOutcome; reason: string },
  metadata: Omit<EventMetadata, 'actor'>,
): Promise<void> {
  const statement = await statementById(app.pool, statementId);
  if (!statement) throw notFound();
  const actor = { userId: admin.id, role: 'admin' };
  await runOnStatement(
    app,
    statement,
    { ...factsOf(statement, app.now()), kind: 'decide', ...answer },
    { ...metadata, actor },
  );
  app.log.info({ statementId, by: admin.id, outcome: answer.outcome }, 'appeal answered');
  if (answer.outcome === 'REVERSED') await undoDecision(app, admin, statement, answer.reason, metadata);
}

async function undoDecision(
  app: Deps,
  admin: Session,
  statement: StatementRow,
  reason: string,
  metadata: Omit<EventMetadata, 'actor'>,
) {
  const note = `Reversed on appeal: ${reason}`.slice(0, 500);
  try {
    if (statement.kind === 'TAKEDOWN' || statement.kind === 'COMMENT_REMOVAL') {
      const target = { itemType: statement.item_type as ModeratedItemType, itemId: statement.item_id };
      await moderateItem(app, admin, target, { kind: 'restore', reason: note }, metadata);
    } else if (statement.kind === 'ACCOUNT_BLOCK') {
      await setAccountBlocked(app, admin, statement.user_id, { block: false, reason: note }, metadata);
    }
  } catch (error) {
    // Already restored or unblocked by hand: the reversal's purpose is met.
    if (error instanceof DomainError && error.code === 'CONFLICT') return;
    throw error;
  }
}
