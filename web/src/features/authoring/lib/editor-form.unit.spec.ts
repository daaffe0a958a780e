import { describe, expect, it } from 'vitest';
import { priceOf, showsCounter, truncateLabel } from './editor-form';

describe('editor form helpers', () => {
  it('cuts skin titles in the pickers at 25 characters (spec 9)', () => {
    expect(truncateLabel('Glacier Mint Racer')).toBe('Glacier Mint Racer');
    const cut = truncateLabel('A very long skin title that goes on and on');
    expect(cut).toHaveLength(25);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('shows the name counter from two thirds of the maximum (spec 5)', () => {
    expect(showsCounter(39, 60)).toBe(false);
    expect(showsCounter(40, 60)).toBe(true);
  });

  it('reads an empty price as free', () => {
    expect(priceOf('')).toBeNull();
    expect(priceOf(0)).toBe(0);
    expect(priceOf('4.5')).toBe(4.5);
  });
});
