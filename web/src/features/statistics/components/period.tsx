import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { StatisticsPeriodInput, StatisticsWindow } from '../../../shared/graphql/generated/graphql';
import { dayLabel, monthKey, monthLabel } from '../lib/figures';
import { statisticsMessages } from '../statistics.messages';

const messages = statisticsMessages.period;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
// The URL names windows briefly: ?period=30d, ?period=year, ?period=all; months as ?from=&to=.
const windowParams: Record<string, StatisticsWindow> = {
  '30d': 'LAST_30_DAYS',
  year: 'LAST_YEAR',
  all: 'ALL_TIME',
};
const paramOfWindow = Object.fromEntries(
  Object.entries(windowParams).map(([param, window]) => [window, param]),
);
const WINDOW_DAYS: Partial<Record<StatisticsWindow, number>> = { LAST_30_DAYS: 30, LAST_YEAR: 365 };

/** The period read from the URL (from/to months, or a named window), or the default window. */
export function periodFromSearch(search: URLSearchParams, fallback: StatisticsWindow): StatisticsPeriodInput {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && MONTH.test(from) && MONTH.test(to) && from <= to) return { fromMonth: from, toMonth: to };
  return { window: windowParams[search.get('period') ?? ''] ?? fallback };
}

/** The dashboard's period, kept in the URL so a view can be shared and survives a reload. */
export function useStatisticsPeriod(fallback: StatisticsWindow) {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search, fallback);
  const setPeriod = (next: StatisticsPeriodInput) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const name of ['period', 'from', 'to']) params.delete(name);
        if (next.window) params.set('period', paramOfWindow[next.window]!);
        else {
          params.set('from', next.fromMonth!);
          params.set('to', next.toMonth!);
        }
        return params;
      },
      { replace: true },
    );
  return { period, setPeriod };
}

/** The latest answer, kept while the next period loads, so the page does not blank between periods. */
export function useKeptWhileLoading<Data>(data: Data | undefined): Data | undefined {
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  return data ?? kept;
}

/**
 * What the figures of a period cover, in words. `daysToo`: the page also shows totals and lists
 * counted by day, which a window covers exactly.
 */
export function periodCoverage(period: StatisticsPeriodInput, daysToo: boolean, now = new Date()): string {
  if (period.fromMonth && period.toMonth) {
    const span =
      period.fromMonth === period.toMonth
        ? monthLabel(period.fromMonth)
        : `${monthLabel(period.fromMonth)} – ${monthLabel(period.toMonth)}`;
    return messages.coversMonths(span);
  }
  const days = WINDOW_DAYS[period.window ?? 'ALL_TIME'];
  if (days === undefined) return messages.everything;
  const since = new Date(now.getTime() - days * 86_400_000);
  const firstMonth = monthKey(since.getUTCFullYear(), since.getUTCMonth() + 1);
  const thisMonth = monthKey(now.getUTCFullYear(), now.getUTCMonth() + 1);
  const months = `${monthLabel(firstMonth)} – ${monthLabel(thisMonth)}`;
  return daysToo
    ? messages.covers(messages.since(dayLabel(since.toISOString().slice(0, 10))), months)
    : messages.coversMonths(months);
}

/** The last 72 months, newest first, as choices for a span of months. */
function monthChoices(now: Date) {
  return Array.from({ length: 72 }, (_, back) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const value = monthKey(date.getUTCFullYear(), date.getUTCMonth() + 1);
    return { value, label: monthLabel(value) };
  });
}

/** Last 30 days, last year, all time, or a span of months; says under it what the figures cover. */
export function PeriodPicker({
  period,
  onChange,
  daysToo,
}: {
  period: StatisticsPeriodInput;
  onChange: (period: StatisticsPeriodInput) => void;
  daysToo: boolean;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const now = new Date();
  const months = monthChoices(now);
  const custom = Boolean(period.fromMonth);
  const choose = (value: string) => {
    if (value !== 'MONTHS') onChange({ window: value as StatisticsWindow });
    else onChange({ fromMonth: months[11]!.value, toMonth: months[0]!.value });
  };
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={messages.label}
          fullWidth={phone}
          value={custom ? 'MONTHS' : (period.window ?? 'ALL_TIME')}
          onChange={choose}
          data={[
            { value: 'LAST_30_DAYS', label: messages.last30Days },
            { value: 'LAST_YEAR', label: messages.lastYear },
            { value: 'ALL_TIME', label: messages.allTime },
            { value: 'MONTHS', label: messages.custom },
          ]}
        />
        {custom ? (
          <Group gap="xs" wrap="nowrap">
            <Select
              size="xs"
              w={130}
              label={messages.from}
              data={months.filter((month) => month.value <= period.toMonth!)}
              value={period.fromMonth!}
              allowDeselect={false}
              onChange={(from) => from && onChange({ fromMonth: from, toMonth: period.toMonth! })}
            />
            <Select
              size="xs"
              w={130}
              label={messages.to}
              data={months.filter((month) => month.value >= period.fromMonth!)}
              value={period.toMonth!}
              allowDeselect={false}
              onChange={(to) => to && onChange({ fromMonth: period.fromMonth!, toMonth: to })}
            />
          </Group>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" data-testid="period-coverage">
        {periodCoverage(period, daysToo, now)}
      </Text>
    </Stack>
  );
}
