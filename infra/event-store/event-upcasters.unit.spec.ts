import { describe, expect, it } from 'vitest';
import { EventUpcasters } from './event-upcasters';

describe('event upcasters', () => {
  const upcasters = new EventUpcasters([
    { type: 'OrderPlaced', from: 1, upcast: (data) => ({ data: { ...(data as object), tipCents: 0 } }) },
    { type: 'OrderPlaced', from: 2, upcast: (data) => ({ data, type: 'OrderPlacedWithCountry' }) },
    {
      type: 'OrderPlacedWithCountry',
      from: 3,
      upcast: (data) => ({ data: { ...(data as object), country: null } }),
    },
  ]);

  it('applies each step from the stored version to the newest, following renames', () => {
    expect(upcasters.upcast('OrderPlaced', 1, { totalCents: 500 })).toEqual({
      type: 'OrderPlacedWithCountry',
      schemaVersion: 4,
      data: { totalCents: 500, tipCents: 0, country: null },
    });
  });

  it('leaves the newest shape and unknown types as they are', () => {
    expect(upcasters.upcast('OrderPlacedWithCountry', 4, { a: 1 })).toEqual({
      type: 'OrderPlacedWithCountry',
      schemaVersion: 4,
      data: { a: 1 },
    });
    expect(upcasters.upcast('SkinRated', 1, { r: 5 })).toEqual({
      type: 'SkinRated',
      schemaVersion: 1,
      data: { r: 5 },
    });
  });

  it('refuses two steps for the same version', () => {
    expect(() => upcasters.register({ type: 'OrderPlaced', from: 1, upcast: (data) => ({ data }) })).toThrow(
      /Two upcasters/,
    );
  });
});
