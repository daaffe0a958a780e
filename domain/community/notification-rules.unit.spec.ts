import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  joinedBundleNotifications,
  newItemNotifications,
  newVersionNotifications,
  priceDropNotifications,
  recipients,
  saleNotifications,
} from './notification-rules';

/** Intl puts no-break spaces in "3,50 €"; the expectations read plain spaces. */
const plain = (text: string) => text.replaceAll(/\s/g, ' ');

const published = {
  itemType: 'SKIN' as const,
  itemId: 7,
  authorId: 2,
  name: 'Neon Pulse',
  game: 'TM2020',
  priceCents: 500,
  publishedAt: '2026-11-01T10:00:00.000Z',
};

describe('who is told what', () => {
  it('tells the followers of the author about a new skin, with its link', () => {
    const rows = newItemNotifications(published, {
      followers: [5, 3],
      actorId: 2,
      url: 'neon-pulse',
      authorName: 'author',
    });
    expect(rows).toEqual([
      {
        userId: 3,
        kind: 'NEW_ITEM',
        itemType: 'SKIN',
        itemId: 7,
        message: 'Neon Pulse by author is out',
        link: '/skins/neon-pulse',
      },
      expect.objectContaining({ userId: 5 }),
    ]);
  });

  it('names a bundle as one and links to the bundles when its page is unknown', () => {
    const [row] = newItemNotifications(
      { ...published, itemType: 'BUNDLE' },
      { followers: [3], actorId: null, url: null, authorName: 'author' },
    );
    expect(row).toMatchObject({ message: 'Bundle Neon Pulse by author is out', link: '/bundles' });
  });

  it('tells wishers of a price drop in euros as the site shows them, and nobody of a rise', () => {
    const fact = {
      itemType: 'SKIN' as const,
      itemId: 7,
      authorId: 2,
      name: 'Neon Pulse',
      fromCents: 500,
      toCents: 350,
      changedAt: '2026-11-01T10:00:00.000Z',
    };
    const [row] = priceDropNotifications(fact, { wishers: [4], actorId: 2, url: 'neon-pulse' });
    expect(plain(row!.message)).toBe('Price drop: Neon Pulse now 3,50 € (was 5,00 €)');
    expect(row).toMatchObject({ userId: 4, kind: 'PRICE_DROP', link: '/skins/neon-pulse' });
    expect(
      priceDropNotifications({ ...fact, toCents: 0 }, { wishers: [4], actorId: 2, url: null })[0]?.message,
    ).toMatch(/now Free/);
    expect(
      priceDropNotifications({ ...fact, toCents: 600 }, { wishers: [4], actorId: 2, url: null }),
    ).toEqual([]);
    expect(
      priceDropNotifications({ ...fact, toCents: 500 }, { wishers: [4], actorId: 2, url: null }),
    ).toEqual([]);
  });

  it('tells owners and followers of a new version once each', () => {
    const rows = newVersionNotifications(
      {
        skinId: 7,
        authorId: 2,
        skinName: 'Neon Pulse',
        version: 2,
        fileId: 'f',
        fileName: 'neon.zip',
        fileSizeBytes: 10,
        changelog: 'Brighter',
        publishedAt: '2026-11-01T10:00:00.000Z',
      },
      { owners: [4, 3], followers: [3, 2], actorId: 2, url: 'neon-pulse' },
    );
    expect(rows.map((row) => [row.userId, row.message])).toEqual([
      [3, 'Neon Pulse: version 2 is out'],
      [4, 'Neon Pulse: version 2 is out'],
    ]);
  });

  it('tells each wisher of the skins that joined a bundle once, naming their skins', () => {
    const rows = joinedBundleNotifications(
      {
        bundleId: 9,
        bundleName: 'Neon Pack',
        authorId: 2,
        skins: [
          { skinId: 7, name: 'Neon Pulse' },
          { skinId: 8, name: 'Desert Fox' },
        ],
        addedAt: '2026-11-01T10:00:00.000Z',
      },
      {
        wishersBySkin: new Map([
          [7, [4]],
          [8, [4, 5]],
        ]),
        actorId: 2,
        url: 'neon-pack',
      },
    );
    expect(rows.map((row) => [row.userId, row.message, row.link])).toEqual([
      [4, 'Neon Pulse and Desert Fox joined the bundle Neon Pack', '/bundles/neon-pack'],
      [5, 'Desert Fox joined the bundle Neon Pack', '/bundles/neon-pack'],
    ]);
  });

  it('tells each author of a paid order about their own items, never the buyer', () => {
    const rows = saleNotifications({
      externalId: 'TS-2026-000042',
      buyerUserId: 4,
      items: [
        { authorId: 2, name: 'Neon Pulse' },
        { authorId: 6, name: 'Desert Fox' },
        { authorId: 2, name: 'Neon Pack' },
      ],
    });
    expect(rows.map((row) => [row.userId, row.message, row.link])).toEqual([
      [2, 'Sale: Neon Pulse and Neon Pack (order TS-2026-000042)', '/me/dashboard'],
      [6, 'Sale: Desert Fox (order TS-2026-000042)', '/me/dashboard'],
    ]);
  });

  it('never tells the actor or the author, and tells everyone else exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 })),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        fc.integer({ min: 1, max: 20 }),
        (followers, actorId, authorId) => {
          const rows = newItemNotifications(
            { ...published, authorId },
            { followers, actorId, url: 'x', authorName: 'a' },
          );
          const told = rows.map((row) => row.userId);
          expect(new Set(told).size).toBe(told.length);
          expect(told).not.toContain(authorId);
          if (actorId !== null) expect(told).not.toContain(actorId);
          expect(new Set(told)).toEqual(new Set(recipients(followers, [actorId, authorId])));
          for (const follower of followers) {
            if (follower !== actorId && follower !== authorId) expect(told).toContain(follower);
          }
        },
      ),
    );
  });
});
