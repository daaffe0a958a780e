import { describe, expect, it } from 'vitest';
import { publishingRuleStates } from './publishing-rule-states';

const empty = { title: '', description: '', price: '', images: { count: 0, failed: false }, zip: null };

describe('publishingRuleStates', () => {
  it('ticks nothing that is not filled in yet, but a free price is a valid price', () => {
    expect(publishingRuleStates(empty)).toEqual({
      name: 'open',
      description: 'open',
      price: 'holds',
      images: 'open',
      zip: 'open',
    });
  });

  it('ticks the rules that hold', () => {
    expect(
      publishingRuleStates({
        title: 'Neon Livery',
        description: 'Blue and pink',
        price: 4.5,
        images: { count: 3, failed: false },
        zip: 'done',
      }),
    ).toEqual({ name: 'holds', description: 'holds', price: 'holds', images: 'holds', zip: 'holds' });
  });

  it('crosses the rules that are broken, never ticks them', () => {
    expect(
      publishingRuleStates({
        title: 'Neo',
        description: 'x'.repeat(201),
        price: 1,
        images: { count: 2, failed: true },
        zip: 'failed',
      }),
    ).toEqual({ name: 'broken', description: 'broken', price: 'broken', images: 'broken', zip: 'broken' });
    expect(publishingRuleStates({ ...empty, price: 600 }).price).toBe('broken');
    expect(publishingRuleStates({ ...empty, title: 'x'.repeat(61) }).name).toBe('broken');
  });
});
