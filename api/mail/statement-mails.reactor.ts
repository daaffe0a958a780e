import { sql } from 'slonik';
import { z } from 'zod';
import type { AccountBlocked } from '../../domain/accounts/account.events';
import { APPEAL_WINDOW_DAYS, type AppealDecided } from '../../domain/moderation/appeal.decider';
import type {
  ItemReported,
  ItemTakenDown,
  ReportsDismissed,
} from '../../domain/moderation/item-moderation.decider';
import type { ModeratedItemType } from '../../domain/moderation/moderation.schemas';
import type { ReportOutcome } from '../../domain/moderation/statement-notices';
import { termsRules } from '../../domain/moderation/terms-grounds';
import type { PayoutFailed } from '../../domain/payouts/payout.events';
import type { DatabaseTransactionConnection } from '../../infra/db/pool';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import { isEventOf, type StoredEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';
import type { Reactor } from '../../infra/projection-engine/projection';
import { statementById, type StatementRow } from '../moderation/statements.repository';
import { recordMailDeliveries, type NewMailDelivery } from './mail-deliveries';

export const STATEMENT_MAILS = 'statement-mails';

type StatementMailEvent =
  ItemTakenDown | AccountBlocked | PayoutFailed | AppealDecided | ItemReported | ReportsDismissed;
const STATEMENT_MAIL_EVENT_TYPES: readonly StatementMailEvent['type'][] = [
  'ItemTakenDown',
  'AccountBlocked',
  'PayoutFailed',
  'AppealDecided',
  'ItemReported',
  'ReportsDismissed',
];
const isStatementMailEvent = isEventOf<StatementMailEvent>(STATEMENT_MAIL_EVENT_TYPES);

const personRow = z.object({ id: z.number(), email: z.string(), username: z.string(), blocked: z.boolean() });
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the statements of reasons, the answers to appeals, and reporters' confirmations and
 * outcomes (docs/moderation.md). The in-app notifications of the same facts are the notifications
 * projection's; the statement's content is the row the inline moderation projection wrote with the
 * decision (its id is the decision event's position). Like the other mail reactors it only records
 * the deliveries, in the transaction that moves its checkpoint; the mail sender delivers them.
 */
export function statementMailsReactor(deps: { log: Logger }): Reactor {
  return {
    name: STATEMENT_MAILS,
    mode: 'catch-up',
    kind: 'reactor',
    eventTypes: STATEMENT_MAIL_EVENT_TYPES,
    apply: (tx, events) => recordStatementMails(deps, tx, events),
  };
}

async function recordStatementMails(
  deps: { log: Logger },
  tx: DatabaseTransactionConnection,
  events: readonly StoredEvent[],
): Promise<void> {
  // The demo seed's steps concern made-up people: mailing them would only fill the outbox.
  const relevant = events
    .filter(isStatementMailEvent)
    .filter((event) => event.metadata.correlationId !== DEMO_SEED_CORRELATION_ID);
  const deliveries: NewMailDelivery[] = [];
  for (const event of relevant) deliveries.push(...(await deliveriesOf(tx, event)));
  const recorded = await recordMailDeliveries(tx, deliveries);
  if (recorded > 0) deps.log.info({ recorded }, 'statement and report mails recorded');
}

async function peopleOf(tx: DatabaseTransactionConnection, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return tx.any(sql.type(personRow)`
    select id, email::text as email, username::text as username, blocked from users
    where id = any(${sql.array([...userIds], 'int8')}) and not anonymous order by id`);
}

const iso = (ms: number) => new Date(ms).toISOString();

function statementMail(event: StoredEvent, statement: StatementRow, person: z.infer<typeof personRow>) {
  return {
    eventId: event.eventId,
    kind: 'STATEMENT_OF_REASONS',
    recipientKey: `user:${person.id}`,
    recipientEmail: person.email,
    recipientUserId: person.id,
    orderId: null,
    payload: {
      username: person.username,
      statementId: statement.id,
      kind: statement.kind,
      itemType: statement.item_type,
      itemLabel: statement.item_label,
      itemUrl: statement.item_url,
      facts: statement.facts,
      groundRule: termsRules[statement.ground].number,
      groundText: termsRules[statement.ground].text,
      automated: statement.automated,
      issuedAt: iso(statement.issued_at),
      appealUntil: iso(statement.issued_at + APPEAL_WINDOW_DAYS * DAY_MS),
      // A person who cannot sign in appeals through a signed link the sender puts in the mail.
      appealByLink: statement.kind === 'ACCOUNT_BLOCK' || person.blocked,
    },
  } satisfies NewMailDelivery;
}

const commentPage = z.object({ skin_url: z.string().nullable(), bundle_url: z.string().nullable() });

async function itemPage(tx: DatabaseTransactionConnection, itemType: ModeratedItemType, itemId: number) {
  const row =
    itemType === 'COMMENT'
      ? await tx.maybeOne(sql.type(commentPage)`
          select s.url::text as skin_url, b.url::text as bundle_url from comments c
          left join skins s on s.id = c.skin_id left join bundles b on b.id = c.bundle_id where c.id = ${itemId}`)
      : itemType === 'SKIN'
        ? await tx.maybeOne(sql.type(commentPage)`
            select url::text as skin_url, null::text as bundle_url from skins where id = ${itemId}`)
        : await tx.maybeOne(sql.type(commentPage)`
            select null::text as skin_url, url::text as bundle_url from bundles where id = ${itemId}`);
  if (row?.skin_url) return `/skins/${encodeURIComponent(row.skin_url)}`;
  if (row?.bundle_url) return `/bundles/${encodeURIComponent(row.bundle_url)}`;
  return '/skins';
}

async function reportMails(
  tx: DatabaseTransactionConnection,
  event: StoredEvent,
  item: { itemType: ModeratedItemType; itemId: number },
  reporterIds: readonly number[],
  outcome: ReportOutcome | null,
): Promise<NewMailDelivery[]> {
  const people = await peopleOf(tx, reporterIds);
  if (people.length === 0) return [];
  const link = await itemPage(tx, item.itemType, item.itemId);
  return people.map((person) => ({
    eventId: event.eventId,
    kind: outcome ? 'REPORT_RESOLVED' : 'REPORT_RECEIVED',
    recipientKey: `user:${person.id}`,
    recipientEmail: person.email,
    recipientUserId: person.id,
    orderId: null,
    payload: { username: person.username, itemType: item.itemType, link, outcome },
  }));
}

async function deliveriesOf(
  tx: DatabaseTransactionConnection,
  event: StoredEvent<StatementMailEvent>,
): Promise<NewMailDelivery[]> {
  switch (event.type) {
    case 'ItemReported':
      return reportMails(tx, event, event.data, [event.data.reporterId], null);
    case 'ReportsDismissed':
      return reportMails(tx, event, event.data, event.data.reporterIds, 'KEPT');
    case 'ItemTakenDown': {
      const outcomes = await reportMails(tx, event, event.data, event.data.upheldReporterIds, 'REMOVED');
      return [...(await statementDeliveries(tx, event)), ...outcomes];
    }
    case 'AccountBlocked':
    case 'PayoutFailed':
      return statementDeliveries(tx, event);
    case 'AppealDecided': {
      const statement = await statementById(tx, event.data.statementId);
      const [person] = await peopleOf(tx, [event.data.userId]);
      if (!statement || !person) return [];
      return [
        {
          eventId: event.eventId,
          kind: 'APPEAL_DECIDED',
          recipientKey: `user:${person.id}`,
          recipientEmail: person.email,
          recipientUserId: person.id,
          orderId: null,
          payload: {
            username: person.username,
            statementId: statement.id,
            kind: statement.kind,
            itemType: statement.item_type,
            itemLabel: statement.item_label,
            outcome: event.data.outcome,
            reason: event.data.reason,
          },
        },
      ];
    }
  }
}

/** The statement the decision's event issued (none for decisions recorded without a rule). */
async function statementDeliveries(tx: DatabaseTransactionConnection, event: StoredEvent) {
  const statement = await statementById(tx, event.globalPosition);
  if (!statement) return [];
  const [person] = await peopleOf(tx, [statement.user_id]);
  return person ? [statementMail(event, statement, person)] : [];
}
