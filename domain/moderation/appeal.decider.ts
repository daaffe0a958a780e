import { z } from 'zod';
import { DomainError } from '../errors';
import { plainText } from '../text/plain-text';
import { hasVisibleText } from '../text/visible-text';

/**
 * Appeals against a moderation decision (Digital Services Act 2022/2065 Art. 20): the person a
 * statement of reasons was sent to may appeal once, within six months of the decision; an admin
 * upholds or reverses the decision with a reason. One stream per statement:
 * `statement-{statementId}`, type `statement-appeal`, where the statement id is the global
 * position of the decision's event (ItemTakenDown, AccountBlocked or PayoutFailed).
 */
export const APPEAL_STREAM_TYPE = 'statement-appeal';
export const appealStreamId = (statementId: number) => `statement-${statementId}`;

/** What a statement of reasons is about. */
export const STATEMENT_KINDS = ['TAKEDOWN', 'COMMENT_REMOVAL', 'ACCOUNT_BLOCK', 'PAYOUT_HOLD'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const APPEAL_OUTCOMES = ['UPHELD', 'REVERSED'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** Art. 20(1): at least six months from the decision. */
export const APPEAL_WINDOW_DAYS = 183;
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 2000;

/** The affected person appealed the decision the statement is about. */
export type DecisionAppealed = {
  type: 'DecisionAppealed';
  data: { statementId: number; userId: number; text: string; appealedAt: string };
};
/** An admin answered the appeal: the decision stands (UPHELD) or is undone (REVERSED). */
export type AppealDecided = {
  type: 'AppealDecided';
  data: {
    statementId: number;
    userId: number;
    outcome: AppealOutcome;
    reason: string;
    decidedAt: string;
  };
};
export type AppealEvent = DecisionAppealed | AppealDecided;
export const APPEAL_EVENT_TYPES: readonly AppealEvent['type'][] = ['DecisionAppealed', 'AppealDecided'];
export const appealSchemaVersions: Record<AppealEvent['type'], number> = {
  DecisionAppealed: 1,
  AppealDecided: 1,
};

export type AppealState = { appealed: boolean; decided: boolean };
export const initialAppealState: AppealState = { appealed: false, decided: false };

export function evolveAppeal(state: AppealState, event: AppealEvent): AppealState {
  switch (event.type) {
    case 'DecisionAppealed':
      return { ...state, appealed: true };
    case 'AppealDecided':
      return { ...state, decided: true };
  }
}

/** The statement as the handler found it in the statements read model. */
type StatementFacts = { statementId: number; affectedUserId: number; issuedAt: string; now: string };

export type AppealCommand =
  | (StatementFacts & { kind: 'appeal'; appellantId: number; text: string })
  | (StatementFacts & { kind: 'decide'; outcome: AppealOutcome; reason: string });

const DAY_MS = 24 * 60 * 60 * 1000;

export function decideAppeal(command: AppealCommand, state: AppealState): AppealEvent[] {
  const base = { statementId: command.statementId, userId: command.affectedUserId };
  if (command.kind === 'appeal') {
    // The handler answers NOT_FOUND before this for anyone but the affected person; the rule stays here.
    if (command.appellantId !== command.affectedUserId) {
      throw new DomainError('FORBIDDEN', 'Only the person the decision concerns can appeal it.');
    }
    if (state.appealed) throw new DomainError('CONFLICT', 'You already appealed this decision.');
    if (Date.parse(command.now) - Date.parse(command.issuedAt) > APPEAL_WINDOW_DAYS * DAY_MS) {
      throw new DomainError(
        'BAD_USER_INPUT',
        'The time to appeal this decision (six months) has passed.',
        'text',
      );
    }
    return [{ type: 'DecisionAppealed', data: { ...base, text: command.text, appealedAt: command.now } }];
  }
  if (!state.appealed) throw new DomainError('CONFLICT', 'This decision was not appealed.');
  if (state.decided) throw new DomainError('CONFLICT', 'This appeal was already answered.');
  return [
    {
      type: 'AppealDecided',
      data: { ...base, outcome: command.outcome, reason: command.reason, decidedAt: command.now },
    },
  ];
}

export const appealDecider = {
  initialState: initialAppealState,
  decide: decideAppeal,
  evolve: evolveAppeal,
};

export const appealMessages = {
  textRequired: `Tell us in at least ${APPEAL_TEXT_MIN} characters why the decision is wrong.`,
  textTooLong: `An appeal can have at most ${APPEAL_TEXT_MAX} characters.`,
} as const;

/** The appeal's text as the form and the API take it: plain text, trimmed, 10 to 2,000 characters. */
export const appealText = z
  .string()
  .transform((value) => plainText(value).trim())
  .pipe(
    z
      .string()
      .min(APPEAL_TEXT_MIN, appealMessages.textRequired)
      .max(APPEAL_TEXT_MAX, appealMessages.textTooLong)
      .refine(hasVisibleText, appealMessages.textRequired),
  );
