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

export type DownloadRow = { month: string } & Partial<Record<GameType, number>>;

/** The stacked chart's rows: unique downloads per month and game, and the games that have any. */
export function uniqueDownloadsByMonth(
  history: readonly { game: GameType; year: number; month: number; unique: number }[],
): { rows: DownloadRow[]; games: GameType[] } {
  const byMonth = new Map<string, DownloadRow>();
  const games = new Set<GameType>();
  for (const entry of history) {
    const key = monthKey(entry.year, entry.month);
    const row = byMonth.get(key) ?? { month: key };
    row[entry.game] = (row[entry.game] ?? 0) + entry.unique;
    byMonth.set(key, row);
    if (entry.unique > 0) games.add(entry.game);
  }
  const rows = monthRange([...byMonth.keys()]).map((month) => {
    const row: DownloadRow = { ...(byMonth.get(month) ?? {}), month };
    for (const game of games) row[game] ??= 0;
    return row;
  });
  return { rows, games: [...games] };
}

export type EarningsRow = { month: string; earnings: number; itemsSold: number; refunded: number };

/** Earnings per month (cents summed, euros shown), every month from the first sale on. */
export function earningsByMonth(
  history: readonly {
    year: number;
    month: number;
    earnings: number;
    itemsSold: number;
    refundedEarnings: number;
  }[],
): EarningsRow[] {
  const byMonth = new Map(history.map((entry) => [monthKey(entry.year, entry.month), entry]));
  return monthRange([...byMonth.keys()]).map((month) => {
    const entry = byMonth.get(month);
    return {
      month,
      earnings: entry?.earnings ?? 0,
      itemsSold: entry?.itemsSold ?? 0,
      refunded: entry?.refundedEarnings ?? 0,
    };
  });
}
