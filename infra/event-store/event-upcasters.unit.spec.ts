import { describe, expect, it } from 'vitest';
import { EventUpcasters } from './event-upcasters';
import { createUpcasters, upcastSteps } from './upcaster-registry';

describe('event upcasters', () => {
  const upcasters = new EventUpcasters([
    { type: 'OrderPlaced', from: 1, upcast: (data) => ({ ...(data as object), tipCents: 0 }) },
    { type: 'OrderPlaced', from: 2, renamesTo: 'OrderPlacedWithCountry', upcast: (data) => data },
    {
      type: 'OrderPlacedWithCountry',
      from: 3,
      upcast: (data) => ({ ...(data as object), country: null }),
    },
    { type: 'SkinRatedV0', from: 1, renamesTo: 'SkinRated', upcast: (data) => data },
    { type: 'VoteCast', from: 1, renamesTo: 'SkinRatedV0', upcast: (data) => data },
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

  it('tells which stored types read as a wanted type, through chains of renames', () => {
    expect(upcasters.storedTypesFor(['SkinRated']).sort()).toEqual(['SkinRated', 'SkinRatedV0', 'VoteCast']);
    expect(upcasters.storedTypesFor(['OrderPlacedWithCountry']).sort()).toEqual([
      'OrderPlaced',
      'OrderPlacedWithCountry',
    ]);
    expect(upcasters.storedTypesFor(['PaymentReceived'])).toEqual(['PaymentReceived']);
  });

  it('refuses two steps for the same version', () => {
    expect(() => upcasters.register({ type: 'OrderPlaced', from: 1, upcast: (data) => data })).toThrow(
      /Two upcasters/,
    );
  });

  it('builds the application registry once, with extra steps only when a test adds them', () => {
    expect(createUpcasters().storedTypesFor(['SkinRated'])).toEqual(
      new EventUpcasters(upcastSteps).storedTypesFor(['SkinRated']),
    );
    const extended = createUpcasters([
      { type: 'SkinRatedV0', from: 1, renamesTo: 'SkinRated', upcast: (data) => data },
    ]);
    expect(extended.upcast('SkinRatedV0', 1, { rating: 4 })).toEqual({
      type: 'SkinRated',
      schemaVersion: 2,
      data: { rating: 4 },
    });
  });

  it('reads a PayoutExported of version 1 (its file was not stored) with no file id', () => {
    const data = {
      payoutId: 3,
      batchId: 'TS-SEPA-1',
      endToEndId: 'TSP-3-5',
      exportedAt: '2026-11-01T00:00:00Z',
    };
    expect(createUpcasters().upcast('PayoutExported', 1, data)).toEqual({
      type: 'PayoutExported',
      schemaVersion: 2,
      data: { ...data, fileId: null },
    });
  });
});
