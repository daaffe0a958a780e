import { z } from 'zod';
import { DomainError } from '../errors';
import { CENTS_PER_EURO, formatWholeEuros, type Cents } from '../money';
import { MIN_PAYOUT_CENTS, MIN_PAYOUT_EUR } from './payout.decider';

/**
 * How an author wants to be paid: from what balance on (the threshold, never under the site's
 * minimum payout), on which of the bank payout dates (the schedule), or not at all for now (held).
 * One stream per author: `payout-preferences-{authorId}`, stream type `payout-preferences`.
 */
export const PAYOUT_PREFERENCES_STREAM_TYPE = 'payout-preferences';
export const payoutPreferencesStreamId = (authorId: number) => `payout-preferences-${authorId}`;

/**
 * TWICE_MONTHLY: every bank payout date (the 1st and the 16th), what every author had before
 * choosing; MONTHLY: the 1st of each month; QUARTERLY: the 1st of January, April, July and October,
 * so its lock falls in the last days of March, June, September and December.
 */
export type PayoutSchedule = 'TWICE_MONTHLY' | 'MONTHLY' | 'QUARTERLY';
export const PAYOUT_SCHEDULES: readonly PayoutSchedule[] = ['TWICE_MONTHLY', 'MONTHLY', 'QUARTERLY'];

/** The highest threshold an author may choose: 10,000 EUR. */
export const MAX_PAYOUT_THRESHOLD_EUR = 10_000;
export const MAX_PAYOUT_THRESHOLD_CENTS = MAX_PAYOUT_THRESHOLD_EUR * CENTS_PER_EURO;

export type PayoutPreferences = {
  /** The balance from which the schedule locks the author's payout (≥ the site's minimum). */
  thresholdCents: Cents;
  schedule: PayoutSchedule;
  /** The author holds their payouts: nothing is locked until they release them. */
  held: boolean;
};

/** What an author who never chose has: the site's minimum, every payout date, not held. */
export const DEFAULT_PAYOUT_PREFERENCES: PayoutPreferences = {
  thresholdCents: MIN_PAYOUT_CENTS,
  schedule: 'TWICE_MONTHLY',
  held: false,
};

export type PayoutPreferencesChanged = {
  type: 'PayoutPreferencesChanged';
  data: PayoutPreferences & { authorId: number; changedAt: string };
};
export type PayoutPreferencesEvent = PayoutPreferencesChanged;
export const PAYOUT_PREFERENCES_EVENT_TYPES: readonly PayoutPreferencesEvent['type'][] = [
  'PayoutPreferencesChanged',
];
export const payoutPreferencesEventSchemaVersions = { PayoutPreferencesChanged: 1 } as const;

export const payoutPreferencesMessages = {
  thresholdTooLow: `The threshold is at least the minimum payout of ${formatWholeEuros(MIN_PAYOUT_EUR)}.`,
  thresholdTooHigh: `The threshold is at most ${formatWholeEuros(MAX_PAYOUT_THRESHOLD_EUR)}.`,
  thresholdCents: 'The threshold is an amount in euros with at most two decimals.',
} as const;

/**
 * The form and the API input (euros with two decimals, as money crosses the API). The web form
 * and the resolver share it; the decider checks the cents again.
 */
export const payoutPreferencesInputSchema = z.object({
  threshold: z
    .number({ error: payoutPreferencesMessages.thresholdCents })
    .min(MIN_PAYOUT_EUR, { error: payoutPreferencesMessages.thresholdTooLow })
    .max(MAX_PAYOUT_THRESHOLD_EUR, { error: payoutPreferencesMessages.thresholdTooHigh })
    .refine((euros) => Number.isInteger(Math.round(euros * 100 * 1e6) / 1e6), {
      error: payoutPreferencesMessages.thresholdCents,
    }),
  schedule: z.enum(['TWICE_MONTHLY', 'MONTHLY', 'QUARTERLY']),
  held: z.boolean(),
});
export type PayoutPreferencesInput = z.infer<typeof payoutPreferencesInputSchema>;

export type ChangePayoutPreferences = {
  type: 'ChangePayoutPreferences';
  authorId: number;
  preferences: PayoutPreferences;
  changedAt: Date;
};

export type PayoutPreferencesState = { authorId: number | null; preferences: PayoutPreferences };
export const initialPayoutPreferencesState: PayoutPreferencesState = {
  authorId: null,
  preferences: DEFAULT_PAYOUT_PREFERENCES,
};

export function evolvePayoutPreferences(
  _state: PayoutPreferencesState,
  event: PayoutPreferencesEvent,
): PayoutPreferencesState {
  const { authorId, thresholdCents, schedule, held } = event.data;
  return { authorId, preferences: { thresholdCents, schedule, held } };
}

/** The same preferences again write nothing; a threshold outside its bounds or not whole cents is refused. */
export function decidePayoutPreferences(
  command: ChangePayoutPreferences,
  state: PayoutPreferencesState,
): PayoutPreferencesEvent[] {
  const { thresholdCents, schedule, held } = command.preferences;
  if (!Number.isSafeInteger(thresholdCents)) {
    throw new DomainError('BAD_USER_INPUT', payoutPreferencesMessages.thresholdCents, 'threshold');
  }
  if (thresholdCents < MIN_PAYOUT_CENTS) {
    throw new DomainError('BAD_USER_INPUT', payoutPreferencesMessages.thresholdTooLow, 'threshold');
  }
  if (thresholdCents > MAX_PAYOUT_THRESHOLD_CENTS) {
    throw new DomainError('BAD_USER_INPUT', payoutPreferencesMessages.thresholdTooHigh, 'threshold');
  }
  if (!PAYOUT_SCHEDULES.includes(schedule)) {
    throw new DomainError('BAD_USER_INPUT', 'Choose a payout schedule.', 'schedule');
  }
  const current = state.preferences;
  if (
    state.authorId !== null &&
    current.thresholdCents === thresholdCents &&
    current.schedule === schedule &&
    current.held === held
  ) {
    return [];
  }
  return [
    {
      type: 'PayoutPreferencesChanged',
      data: {
        authorId: command.authorId,
        thresholdCents,
        schedule,
        held,
        changedAt: command.changedAt.toISOString(),
      },
    },
  ];
}

export const payoutPreferencesDecider = {
  initialState: initialPayoutPreferencesState,
  decide: decidePayoutPreferences,
  evolve: evolvePayoutPreferences,
};
