import { formatCount, formatDate } from '../../../shared/format';
import type { GameType } from '../../../shared/graphql/generated/graphql';

/** A month as `YYYY-MM`, the key the charts and tables share. */
export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** `2026-03` as "Mar 2026". */
export const monthLabel = (key: string) => monthFormat.format(new Date(`${key}-01T00:00:00Z`));
const shortMonthFormat = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });
/** `2026-03` as "Mar '26", short enough for an axis in a half-width card. */
export const shortMonthLabel = (key: string) =>
  `${shortMonthFormat.format(new Date(`${key}-01T00:00:00Z`))} '${key.slice(2, 4)}`;
/** `2026-03-07` as "07. 03. 2026", the site's one way of writing a day (shared/format). */
export const dayLabel = (key: string) => formatDate(key);
/** `2026-03-07` as "7. 3.", short enough for an axis. */
export const shortDayLabel = (key: string) => `${Number(key.slice(8, 10))}. ${Number(key.slice(5, 7))}.`;
/** A month or day key in full or short. */
export const labelOf = (key: string) => (key.length === 7 ? monthLabel(key) : dayLabel(key));
export const shortLabelOf = (key: string) => (key.length === 7 ? shortMonthLabel(key) : shortDayLabel(key));

/** Counts as everywhere on the site: "2 503". */
export { formatCount };

/** Every month from the first to the last key, so a month without figures shows as a gap of 0. */
export function monthRange(keys: readonly string[]): string[] {
  if (keys.length === 0) return [];
  const sorted = [...keys].sort();
  const [firstYear, firstMonth] = sorted[0]!.split('-').map(Number) as [number, number];
  const last = sorted[sorted.length - 1]!;
  const months: string[] = [];
  for (let year = firstYear, month = firstMonth; ; month += 1) {
    if (month > 12) {
      month = 1;
      year += 1;
    }
    const key = monthKey(year, month);
    months.push(key);
    if (key >= last) break;
  }
  return months;
}

export type DownloadRow = { key: string } & Partial<Record<GameType, number>>;

/** The stacked chart's rows: unique (or total) downloads per month and game, and the games that have any. */
export function downloadsByMonth(
  history: readonly { game: GameType; year: number; month: number; unique: number; total: number }[],
  measure: 'unique' | 'total',
): { rows: DownloadRow[]; games: GameType[] } {
  const byMonth = new Map<string, DownloadRow>();
  const games = new Set<GameType>();
  for (const entry of history) {
    const key = monthKey(entry.year, entry.month);
    const row = byMonth.get(key) ?? { key };
    row[entry.game] = (row[entry.game] ?? 0) + entry[measure];
    byMonth.set(key, row);
    if (entry[measure] > 0) games.add(entry.game);
  }
  const rows = monthRange([...byMonth.keys()]).map((month) => {
    const row: DownloadRow = { ...(byMonth.get(month) ?? {}), key: month };
    for (const game of games) row[game] ??= 0;
    return row;
  });
  return { rows, games: [...games] };
}

export type EarningsRow = {
  key: string;
  earnings: number;
  itemsSold: number;
  /** What buyers paid for the items (price and tips, VAT included). */
  gross: number;
  /** The VAT carved out of it (0 for orders placed before VAT). */
  vat: number;
  /** gross − VAT, which the fees and the earnings split. */
  net: number;
  refunded: number;
};

/** Earnings per month (cents summed, euros shown), every month from the first sale on. */
export function earningsByMonth(
  history: readonly {
    year: number;
    month: number;
    earnings: number;
    itemsSold: number;
    totalPrice: number;
    vat: number;
    net: number;
    refundedEarnings: number;
  }[],
): EarningsRow[] {
  const byMonth = new Map(history.map((entry) => [monthKey(entry.year, entry.month), entry]));
  return monthRange([...byMonth.keys()]).map((month) => {
    const entry = byMonth.get(month);
    return {
      key: month,
      earnings: entry?.earnings ?? 0,
      itemsSold: entry?.itemsSold ?? 0,
      gross: entry?.totalPrice ?? 0,
      vat: entry?.vat ?? 0,
      net: entry?.net ?? 0,
      refunded: entry?.refundedEarnings ?? 0,
    };
  });
}

export type CountRow = { key: string; count: number };

/** Counts per month, every month from the first to the last (a month without any as 0). */
export function countsByMonth(
  entries: readonly { year: number; month: number; count: number }[],
): CountRow[] {
  const byMonth = new Map(entries.map((entry) => [monthKey(entry.year, entry.month), entry.count]));
  return monthRange([...byMonth.keys()]).map((key) => ({ key, count: byMonth.get(key) ?? 0 }));
}

/**
 * Counts per day, every day from the first to the last; over more than `maxDays` days, summed per
 * month instead, so a chart keeps bars wide enough to read.
 */
export function countsByDay(entries: readonly { day: string; count: number }[], maxDays = 120): CountRow[] {
  if (entries.length === 0) return [];
  const byDay = new Map(entries.map((entry) => [entry.day, entry.count]));
  const first = Date.parse(`${entries[0]!.day}T00:00:00Z`);
  const last = Date.parse(`${entries[entries.length - 1]!.day}T00:00:00Z`);
  const days = Math.round((last - first) / 86_400_000) + 1;
  if (days > maxDays) {
    const byMonth = new Map<string, number>();
    for (const entry of entries)
      byMonth.set(entry.day.slice(0, 7), (byMonth.get(entry.day.slice(0, 7)) ?? 0) + entry.count);
    return monthRange([...byMonth.keys()]).map((key) => ({ key, count: byMonth.get(key) ?? 0 }));
  }
  return Array.from({ length: days }, (_, index) => {
    const key = new Date(first + index * 86_400_000).toISOString().slice(0, 10);
    return { key, count: byDay.get(key) ?? 0 };
  });
}

export type PaymentTypeRow = { key: string } & Record<string, number>;

/**
 * Monthly sales per payment type (what arrived) for a stacked chart, and per month, status and type
 * the counts and amounts for its table.
 */
export function salesByMonth(
  history: readonly {
    year: number;
    month: number;
    paymentStatus: string;
    paymentType: string;
    totalCount: number;
    totalPrice: number;
  }[],
): { rows: PaymentTypeRow[]; types: string[] } {
  const byMonth = new Map<string, PaymentTypeRow>();
  const types = new Set<string>();
  for (const entry of history) {
    if (entry.paymentStatus !== 'PAYMENT_RECEIVED') continue;
    const key = monthKey(entry.year, entry.month);
    const row = byMonth.get(key) ?? ({ key } as PaymentTypeRow);
    row[entry.paymentType] = Math.round(((row[entry.paymentType] ?? 0) + entry.totalPrice) * 100) / 100;
    byMonth.set(key, row);
    types.add(entry.paymentType);
  }
  const sorted = [...types].sort();
  const rows = monthRange([...byMonth.keys()]).map((key) => {
    const row = { ...(byMonth.get(key) ?? {}), key } as PaymentTypeRow;
    for (const type of sorted) row[type] ??= 0;
    return row;
  });
  return { rows, types: sorted };
}
