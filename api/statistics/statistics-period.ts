import { z } from 'zod';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = { LAST_30_DAYS: 30, LAST_YEAR: 365 } as const;
/**
 * The months a period may name: from before the site existed to well past any record it keeps.
 * Outside them a date would fall off PostgreSQL's or JavaScript's calendar (year 0, year 10000).
 */
export const MONTH_MIN = '2000-01';
export const MONTH_MAX = '2099-12';
export const periodMessages = {
  month: 'A month is written YYYY-MM.',
  monthRange: `A month is between ${MONTH_MIN} and ${MONTH_MAX}.`,
  order: 'The first month comes before the last.',
  shape: 'Choose a window, or both a first and a last month.',
} as const;

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, periodMessages.month)
  .refine((value) => value >= MONTH_MIN && value <= MONTH_MAX, periodMessages.monthRange);

/**
 * What a dashboard asks for: a window that ends now, or a span of whole UTC months. One object
 * (not a union) so that a refusal names the field at fault: `period.toMonth`, not the whole period.
 */
export const statisticsPeriodInput = z
  .object({
    window: z.enum(['LAST_30_DAYS', 'LAST_YEAR', 'ALL_TIME']).nullish(),
    fromMonth: month.nullish(),
    toMonth: month.nullish(),
  })
  .superRefine((period, context) => {
    const months = period.fromMonth != null || period.toMonth != null;
    if (period.window != null ? months : period.fromMonth == null || period.toMonth == null) {
      const path =
        period.window == null && months ? [period.fromMonth == null ? 'fromMonth' : 'toMonth'] : [];
      context.addIssue({ code: 'custom', message: periodMessages.shape, path });
    } else if (period.fromMonth != null && period.toMonth != null && period.fromMonth > period.toMonth) {
      context.addIssue({ code: 'custom', message: periodMessages.order, path: ['toMonth'] });
    }
  })
  .transform(
    (
      period,
    ):
      | { window: 'LAST_30_DAYS' | 'LAST_YEAR' | 'ALL_TIME' }
      | { window?: null; fromMonth: string; toMonth: string } =>
      period.window != null
        ? { window: period.window }
        : { fromMonth: period.fromMonth!, toMonth: period.toMonth! },
  );
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
