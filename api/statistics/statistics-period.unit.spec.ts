import { describe, expect, it } from 'vitest';
import { periodMessages, resolvePeriod, statisticsPeriodInput } from './statistics-period';

const NOW = new Date('2026-03-01T10:00:00Z');

describe('resolvePeriod', () => {
  it('turns a window into the days since its start and the months it touches', () => {
    expect(resolvePeriod({ window: 'LAST_30_DAYS' }, NOW)).toEqual({
      fromDay: '2026-01-30',
      toDay: null,
      fromMonth: '2026-01-01',
      toMonth: null,
      since: new Date('2026-01-30T10:00:00Z'),
    });
    expect(resolvePeriod({ window: 'ALL_TIME' }, NOW)).toEqual({
      fromDay: null,
      toDay: null,
      fromMonth: null,
      toMonth: null,
      since: null,
    });
  });

  it('turns months into whole UTC months, the last one included, across a year end', () => {
    expect(resolvePeriod({ fromMonth: '2025-11', toMonth: '2025-12' }, NOW)).toEqual({
      fromDay: '2025-11-01',
      toDay: '2026-01-01',
      fromMonth: '2025-11-01',
      toMonth: '2025-12-01',
      since: null,
    });
  });

  it('accepts one window or two months in order, nothing else', () => {
    expect(statisticsPeriodInput.safeParse({ window: 'LAST_YEAR' }).success).toBe(true);
    expect(statisticsPeriodInput.safeParse({ fromMonth: '2026-02', toMonth: '2026-02' }).success).toBe(true);
    for (const bad of [
      {},
      { fromMonth: '2026-03', toMonth: '2026-02' },
      { fromMonth: '2026-00', toMonth: '2026-02' },
      { window: 'ALL_TIME', fromMonth: '2026-01', toMonth: '2026-02' },
      { window: 'LAST_WEEK' },
    ]) {
      expect(statisticsPeriodInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it.each([
    [{ fromMonth: '0000-01', toMonth: '2026-01' }, 'fromMonth', periodMessages.monthRange],
    [{ fromMonth: '2026-01', toMonth: '9999-12' }, 'toMonth', periodMessages.monthRange],
    [{ fromMonth: '1999-12', toMonth: '2026-01' }, 'fromMonth', periodMessages.monthRange],
    [{ fromMonth: '2026-01', toMonth: '2100-01' }, 'toMonth', periodMessages.monthRange],
    [{ fromMonth: '0000-01', toMonth: '9999-12' }, 'fromMonth', periodMessages.monthRange],
    [{ fromMonth: '+2026-01', toMonth: '2026-02' }, 'fromMonth', periodMessages.month],
    [{ fromMonth: '2026-03', toMonth: '2026-02' }, 'toMonth', periodMessages.order],
    [{ fromMonth: '2026-03' }, 'toMonth', periodMessages.shape],
  ])('refuses %j naming the field at fault', (period, field, message) => {
    const result = statisticsPeriodInput.safeParse(period);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('keeps the first and last months of the range', () => {
    expect(statisticsPeriodInput.parse({ fromMonth: '2000-01', toMonth: '2099-12' })).toEqual({
      fromMonth: '2000-01',
      toMonth: '2099-12',
    });
    expect(resolvePeriod({ fromMonth: '2099-12', toMonth: '2099-12' }, NOW).toDay).toBe('2100-01-01');
  });
});
