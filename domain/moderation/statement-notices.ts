import type { NotificationDraft } from '../community/notification-rules';
import type { AppealOutcome, StatementKind } from './appeal.decider';
import type { ModeratedItemType } from './moderation.schemas';
import { termsRules, type TermsGround } from './terms-grounds';

/**
 * How the people a moderation step concerns are told (docs/moderation.md): the person a decision
 * restricts gets a statement of reasons (Digital Services Act 2022/2065 Art. 17), the answer to
 * their appeal (Art. 20), and a reporter gets a confirmation and the outcome (Art. 16(4) and (5)).
 * Pure: the notifications projection and the statement mails find the people and names.
 */

/** Where a person reads their statements and appeals. */
export const STATEMENTS_PAGE = '/me/statements';
export const statementLink = (statementId: number) => `${STATEMENTS_PAGE}#statement-${statementId}`;

/** "your skin “Neon Drift”", "your comment", "your account", "your payout 12". */
export function decisionSubject(kind: StatementKind, itemType: string, label: string | null): string {
  switch (kind) {
    case 'TAKEDOWN':
      return `your ${itemType === 'BUNDLE' ? 'bundle' : 'skin'}${label ? ` “${label}”` : ''}`;
    case 'COMMENT_REMOVAL':
      return 'your comment';
    case 'ACCOUNT_BLOCK':
      return 'your account';
    case 'PAYOUT_HOLD':
      return `your payout${label ? ` (${label})` : ''}`;
  }
}

/** What was done, in a few words: "was taken down", "was removed", "was blocked", "is held". */
export const decisionVerb: Record<StatementKind, string> = {
  TAKEDOWN: 'was taken down',
  COMMENT_REMOVAL: 'was removed',
  ACCOUNT_BLOCK: 'was blocked',
  PAYOUT_HOLD: 'is held: its transfer was marked as failed',
};

/** The statement's one line in the app. */
export function statementNotification(statement: {
  statementId: number;
  userId: number;
  kind: StatementKind;
  itemType: string;
  itemLabel: string | null;
  ground: TermsGround;
}): NotificationDraft {
  const subject = decisionSubject(statement.kind, statement.itemType, statement.itemLabel);
  return {
    userId: statement.userId,
    kind: 'STATEMENT_OF_REASONS',
    itemType: null,
    itemId: null,
    message: `${capitalised(subject)} ${decisionVerb[statement.kind]} under rule ${termsRules[statement.ground].number} of the terms. Read why and how to appeal.`,
    link: statementLink(statement.statementId),
  };
}

export const appealOutcomeText: Record<AppealOutcome, string> = {
  UPHELD: 'the decision stands',
  REVERSED: 'the decision was reversed',
};

/** The answer to an appeal, in the app. */
export function appealDecidedNotification(answer: {
  statementId: number;
  userId: number;
  outcome: AppealOutcome;
}): NotificationDraft {
  return {
    userId: answer.userId,
    kind: 'APPEAL_DECIDED',
    itemType: null,
    itemId: null,
    message: `Your appeal was answered: ${appealOutcomeText[answer.outcome]}.`,
    link: statementLink(answer.statementId),
  };
}

const itemNoun = (itemType: ModeratedItemType) => itemType.toLowerCase();

/** A reporter's confirmation: the report arrived and an admin will look at it. */
export function reportReceivedNotification(report: {
  reporterId: number;
  itemType: ModeratedItemType;
  link: string;
}): NotificationDraft {
  return {
    userId: report.reporterId,
    kind: 'REPORT_RECEIVED',
    itemType: null,
    itemId: null,
    message: `We received your report of a ${itemNoun(report.itemType)}. An admin will look at it.`,
    link: report.link,
  };
}

export type ReportOutcome = 'REMOVED' | 'KEPT';

export const reportOutcomeText = (itemType: ModeratedItemType, outcome: ReportOutcome) =>
  outcome === 'REMOVED'
    ? `an admin ${itemType === 'COMMENT' ? 'removed the comment' : `took the ${itemNoun(itemType)} down`}`
    : `an admin found it does not break the rules, so the ${itemNoun(itemType)} stays`;

/** The outcome of a report, to its reporter. */
export function reportResolvedNotification(report: {
  reporterId: number;
  itemType: ModeratedItemType;
  outcome: ReportOutcome;
  link: string;
}): NotificationDraft {
  return {
    userId: report.reporterId,
    kind: 'REPORT_RESOLVED',
    itemType: null,
    itemId: null,
    message: `Your report of a ${itemNoun(report.itemType)} was answered: ${reportOutcomeText(report.itemType, report.outcome)}.`,
    link: report.link,
  };
}

/** How to appeal, as every statement says it. */
export const howToAppeal = (kind: StatementKind, contact: string) =>
  kind === 'ACCOUNT_BLOCK'
    ? `You can appeal within six months: write to ${contact} from this address and say why the decision is wrong; an admin who did not take it answers you. Your appeal is recorded like any other.`
    : `You can appeal once, within six months, on your statements page (${STATEMENTS_PAGE}): say why the decision is wrong and an admin answers you by mail and in the app.`;

export const automatedText = (automated: boolean) =>
  automated
    ? 'This decision was taken by automated means.'
    : 'This decision was taken by a person (an admin); no automated means were used to detect or decide it.';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
