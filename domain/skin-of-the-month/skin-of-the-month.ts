/**
 * Skin of the Month (decisions.md): at the start of each month, the published skin with the best
 * weighted rating of the previous month (a Bayesian average, at least 3 votes), ties broken by more
 * votes. The choice is an event, so the history of winners is kept.
 */
export const SKIN_OF_THE_MONTH_STREAM = 'skin-of-the-month';
export const MINIMUM_VOTES = 3;
/** How many "average" votes every skin starts with: a skin needs several good votes to beat the field. */
export const PRIOR_WEIGHT = 5;

export type SkinOfTheMonthChosen = {
  type: 'SkinOfTheMonthChosen';
  data: { month: string; skinId: number; votes: number; average: number; score: number };
};
/** Recorded when a month had no skin with enough votes, so the job does not look again. */
export type SkinOfTheMonthSkipped = {
  type: 'SkinOfTheMonthSkipped';
  data: { month: string; reason: string };
};
export type SkinOfTheMonthEvent = SkinOfTheMonthChosen | SkinOfTheMonthSkipped;

export type Candidate = { skinId: number; votes: number; ratingSum: number };

/** "2026-10" for any moment of October 2026 (UTC). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The month before the one `now` falls in: the month a choice made at `now` is about. */
export function previousMonth(now: Date): { month: string; start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { month: monthOf(start), start, end };
}

export type SkinOfTheMonthState = { decidedMonths: ReadonlySet<string> };
export const initialSkinOfTheMonthState: SkinOfTheMonthState = { decidedMonths: new Set() };

export function evolveSkinOfTheMonth(
  state: SkinOfTheMonthState,
  event: SkinOfTheMonthEvent,
): SkinOfTheMonthState {
  return { decidedMonths: new Set([...state.decidedMonths, event.data.month]) };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Decides the month once: the winner among the candidates, or a skip when none has enough votes. */
export function decideSkinOfTheMonth(
  command: { month: string; candidates: readonly Candidate[] },
  state: SkinOfTheMonthState,
): SkinOfTheMonthEvent[] {
  if (state.decidedMonths.has(command.month)) return [];
  const eligible = command.candidates.filter((candidate) => candidate.votes >= MINIMUM_VOTES);
  if (eligible.length === 0) {
    return [
      {
        type: 'SkinOfTheMonthSkipped',
        data: { month: command.month, reason: `no skin had ${MINIMUM_VOTES} votes` },
      },
    ];
  }
  const allVotes = command.candidates.reduce((sum, c) => sum + c.votes, 0);
  const mean = command.candidates.reduce((sum, c) => sum + c.ratingSum, 0) / allVotes;
  const scored = eligible.map((candidate) => ({
    ...candidate,
    score: (PRIOR_WEIGHT * mean + candidate.ratingSum) / (PRIOR_WEIGHT + candidate.votes),
  }));
  scored.sort((a, b) => b.score - a.score || b.votes - a.votes || a.skinId - b.skinId);
  const winner = scored[0]!;
  return [
    {
      type: 'SkinOfTheMonthChosen',
      data: {
        month: command.month,
        skinId: winner.skinId,
        votes: winner.votes,
        average: round2(winner.ratingSum / winner.votes),
        score: round2(winner.score),
      },
    },
  ];
}
