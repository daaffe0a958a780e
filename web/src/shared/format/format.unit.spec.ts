import { describe, expect, it } from 'vitest';
import { formatCount, formatCountShort } from './count.format';
import { formatFileSize } from './size.format';
import { formatDate, formatDateTime } from './date.format';
import { formatAmount, formatPrice } from './price.format';

describe('formatPrice', () => {
  it('reads Free for 0', () => {
    expect(formatPrice(0)).toBe('Free');
  });

  it('formats euros in the Czech locale', () => {
    expect(formatPrice(12.5).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatPrice(1234).replace(/\s/g, ' ')).toBe('1 234,00 €');
  });
});

describe('formatDate', () => {
  it('formats as DD. MM. YYYY', () => {
    expect(formatDate(new Date(2022, 3, 3))).toBe('03. 04. 2022');
    expect(formatDate(new Date(2023, 8, 18, 23, 59))).toBe('18. 09. 2023');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('shows a calendar day as it is, in any time zone', () => {
    expect(formatDate('2025-03-16')).toBe('16. 03. 2025');
  });
});

describe('formatDateTime', () => {
  it('adds the time on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2023, 8, 18, 7, 5))).toBe('18. 09. 2023 07:05');
  });
});

describe('formatAmount', () => {
  it('shows 0 as an amount, not as Free', () => {
    expect(formatAmount(0).replace(/\s/g, ' ')).toBe('0,00 €');
    expect(formatAmount(-0).replace(/\s/g, ' ')).toBe('0,00 €');
    expect(formatAmount(-3.2).replace(/\s/g, ' ')).toBe('-3,20 €');
  });
});

describe('formatCount', () => {
  it('groups thousands as the prices do, in full or short', () => {
    // Grouped like the money ("2 061,53 €"): a no-break space between thousands.
    expect(formatCount(2503)).toBe('2\u00a0503');
    expect(formatCount(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatCount(0)).toBe('0');
    expect(formatCountShort(999)).toBe('999');
    expect(formatCountShort(1234)).toBe('1,2K');
    expect(formatCountShort(999_960)).toBe('999,9K');
    expect(formatCountShort(2_500_000)).toBe('2,5M');
  });
});

describe('formatFileSize', () => {
  it('writes bytes, kilobytes and megabytes with a decimal comma', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(34_900)).toBe('34 kB');
    expect(formatFileSize(1_258_291)).toBe('1,2 MB');
  });
});
