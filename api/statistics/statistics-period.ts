import { z } from 'zod';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = { LAST_30_DAYS: 30, LAST_YEAR: 365 } as const;
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');

/** What a dashboard asks for: a window that ends now, or a span of whole UTC months. */
export const statisticsPeriodInput = z.union([
  z.object({
    window: z.enum(['LAST_30_DAYS', 'LAST_YEAR', 'ALL_TIME']),
    fromMonth: z.null().optional(),
    toMonth: z.null().optional(),
  }),
  z
    .object({ window: z.null().optional(), fromMonth: month, toMonth: month })
    .refine((period) => period.fromMonth <= period.toMonth, 'The first month comes before the last.'),
]);
export type StatisticsPeriodInput = z.infer<typeof statisticsPeriodInput>;

/**
 * A period as the read models need it. Day tables use [fromDay, toDay); month tables use the months
 * the period touches, [fromMonth, toMonth] as first days of months. `since` is set for windows that
 * end now: unique downloaders then come from the time of their last download.
 */
export type StatisticsPeriod = {
  fromDay: string | null;
  toDay: string | null;
  fromMonth: string | null;
  toMonth: string | null;
  since: Date | null;
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const firstOfMonth = (date: Date) => `${date.toISOString().slice(0, 7)}-01`;
/** The first day (YYYY-MM-DD) of the month after `yearMonth` (YYYY-MM). */
export const monthAfter = (yearMonth: string) => {
  const [year, monthNumber] = yearMonth.split('-').map(Number) as [number, number];
  return isoDay(new Date(Date.UTC(year, monthNumber, 1)));
};

export function resolvePeriod(input: StatisticsPeriodInput, now: Date): StatisticsPeriod {
  if (input.window === 'ALL_TIME') {
    return { fromDay: null, toDay: null, fromMonth: null, toMonth: null, since: null };
  }
  if (input.window) {
    const since = new Date(now.getTime() - WINDOW_DAYS[input.window] * DAY_MS);
    return { fromDay: isoDay(since), toDay: null, fromMonth: firstOfMonth(since), toMonth: null, since };
  }
  return {
    fromDay: `${input.fromMonth}-01`,
    toDay: monthAfter(input.toMonth),
    fromMonth: `${input.fromMonth}-01`,
    toMonth: `${input.toMonth}-01`,
    since: null,
  };
}
