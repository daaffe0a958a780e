import { describe, expect, it } from 'vitest';
import { InvalidEventMetadataError, recordedMetadata } from './event-metadata';

describe('event metadata', () => {
  it('records the actor, the correlation and the causation (the correlation when none is given)', () => {
    expect(recordedMetadata('OrderPlaced', { actor: { userId: 7 }, correlationId: 'req-1' })).toEqual({
      actor: { userId: 7 },
      correlationId: 'req-1',
      causationId: 'req-1',
    });
    expect(
      recordedMetadata('PayoutItemAdded', {
        actor: { system: 'payout-allocation' },
        correlationId: 'req-1',
        causationId: '3f0c…event',
      }),
    ).toMatchObject({ causationId: '3f0c…event' });
    expect(
      recordedMetadata('OrderPlaced', { actor: { guestEmail: 'guest@example.com' }, correlationId: 'r' }),
    ).toMatchObject({ actor: { guestEmail: 'guest@example.com' } });
  });

  it('refuses an event without a correlation or an actor, or with an actor of no known shape', () => {
    expect(() => recordedMetadata('OrderPlaced', { actor: { userId: 7 } })).toThrow(
      InvalidEventMetadataError,
    );
    expect(() => recordedMetadata('OrderPlaced', { correlationId: 'req-1' })).toThrow(/actor: required/);
    expect(() => recordedMetadata('OrderPlaced', { actor: { role: 'guest' }, correlationId: 'r' })).toThrow(
      InvalidEventMetadataError,
    );
    expect(() => recordedMetadata('OrderPlaced', undefined)).toThrow(/correlationId/);
    expect(() =>
      recordedMetadata('OrderPlaced', { actor: { userId: 7 }, correlationId: 'r', extra: 1 }),
    ).toThrow(InvalidEventMetadataError);
  });

  it('lets a visitor download without an actor, recorded as anonymous, and only a download', () => {
    expect(recordedMetadata('SkinDownloaded', { correlationId: 'req-2' })).toEqual({
      actor: { anonymous: true },
      correlationId: 'req-2',
      causationId: 'req-2',
    });
    expect(
      recordedMetadata('SkinDownloaded', { actor: { userId: 4 }, correlationId: 'req-3' }),
    ).toMatchObject({
      actor: { userId: 4 },
    });
    expect(() => recordedMetadata('SkinRated', { actor: { anonymous: true }, correlationId: 'r' })).toThrow(
      /anonymous actor is not allowed/,
    );
  });
});
