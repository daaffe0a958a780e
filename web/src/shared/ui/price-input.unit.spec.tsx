import { describe, expect, it } from 'vitest';
import { withDecimalComma } from './price-input';

describe('withDecimalComma', () => {
  it('reads a pasted point with digits after it as the decimal comma', () => {
    expect(withDecimalComma('3.5')).toBe('3,5');
    expect(withDecimalComma('12.99\u00a0€')).toBe('12,99\u00a0€');
  });

  it('leaves values with a comma, without a point or with a point just typed alone', () => {
    expect(withDecimalComma('3,50\u00a0€')).toBe('3,50\u00a0€');
    expect(withDecimalComma('12')).toBe('12');
    expect(withDecimalComma('3.\u00a0€')).toBe('3.\u00a0€');
  });
});
