import { describe, expect, it } from 'vitest';
import { latestPosition } from './read-mark';

describe('latestPosition', () => {
  it('is the highest position shown, wherever the date order put it', () => {
    expect(latestPosition([{ position: 40 }, { position: 95 }, { position: 12 }])).toBe(95);
  });

  it('is null when nothing is shown', () => {
    expect(latestPosition([])).toBeNull();
    expect(latestPosition(undefined)).toBeNull();
  });
});
