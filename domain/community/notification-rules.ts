import { formatMoney } from '../money';
import type {
  ItemPriceChanged,
  ItemPublished,
  ItemType,
  SkinsAddedToBundle,
  SkinVersionPublished,
} from './community.events';

/**
 * Who is told what (docs/community.md, "Notifications"): pure rules that turn one fact and the
 * people it concerns into one notification per person. The notifications projection gathers the
 * audience (its own copy of follows, wishes and owners, as the feed built them) and stores the rows.
 */

export const NOTIFICATION_KINDS = [
  'NEW_ITEM',
  'NEW_VERSION',
  'PRICE_DROP',
  'JOINED_BUNDLE',
  'SALE',
  'TAKEN_DOWN',
  'RESTORED',
  'PAYOUT_SENT',
  'WEBHOOK_PAUSED',
  'STATEMENT_OF_REASONS',
  'APPEAL_DECIDED',
  'REPORT_RECEIVED',
  'REPORT_RESOLVED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationDraft = {
  userId: number;
  kind: NotificationKind;
  itemType: ItemType | null;
  itemId: number | null;
  /** One plain-text line in the product's words. */
  message: string;
  /** The site-relative address of what it is about. */
  link: string;
};

/** Where a skin or bundle lives on the site; its listing when its page is unknown (deleted rows). */
export function itemLink(itemType: ItemType, url: string | null): string {
  const base = itemType === 'SKIN' ? '/skins' : '/bundles';
  return url ? `${base}/${encodeURIComponent(url)}` : base;
}

/** Where an author sees their sales. */
export const SALES_LINK = '/me/dashboard';

/** A price as people read it on the site: "3,50 €", or "Free". */
export function priceText(cents: number): string {
  return cents === 0 ? 'Free' : formatMoney(cents);
}

/**
 * The people to tell, once each, in a stable order, without the one who did it (the actor) and,
 * for facts about an author's own item, without the author.
 */
export function recipients(people: Iterable<number>, excluded: readonly (number | null)[]): number[] {
  const skip = new Set(excluded.filter((id): id is number => id !== null));
  return [...new Set(people)].filter((id) => !skip.has(id)).sort((a, b) => a - b);
}

/** NEW_ITEM: the author's followers, when a skin or bundle becomes visible to everyone. */
export function newItemNotifications(
  fact: ItemPublished['data'],
  audience: { followers: Iterable<number>; actorId: number | null; url: string | null; authorName: string },
): NotificationDraft[] {
  const what = fact.itemType === 'SKIN' ? fact.name : `Bundle ${fact.name}`;
  return recipients(audience.followers, [audience.actorId, fact.authorId]).map((userId) => ({
    userId,
    kind: 'NEW_ITEM',
    itemType: fact.itemType,
    itemId: fact.itemId,
    message: `${what} by ${audience.authorName} is out`,
    link: itemLink(fact.itemType, audience.url),
  }));
}

/** NEW_VERSION: the skin's owners and the author's followers, when the author publishes a new file. */
export function newVersionNotifications(
  fact: SkinVersionPublished['data'],
  audience: {
    owners: Iterable<number>;
    followers: Iterable<number>;
    actorId: number | null;
    url: string | null;
  },
): NotificationDraft[] {
  const people = [...audience.owners, ...audience.followers];
  return recipients(people, [audience.actorId, fact.authorId]).map((userId) => ({
    userId,
    kind: 'NEW_VERSION',
    itemType: 'SKIN',
    itemId: fact.skinId,
    message: `${fact.skinName}: version ${fact.version} is out`,
    link: itemLink('SKIN', audience.url),
  }));
}

/** PRICE_DROP: the item's wishers, when its price goes down (a rise tells nobody). */
export function priceDropNotifications(
  fact: ItemPriceChanged['data'],
  audience: { wishers: Iterable<number>; actorId: number | null; url: string | null },
): NotificationDraft[] {
  if (fact.toCents >= fact.fromCents) return [];
  return recipients(audience.wishers, [audience.actorId, fact.authorId]).map((userId) => ({
    userId,
    kind: 'PRICE_DROP',
    itemType: fact.itemType,
    itemId: fact.itemId,
    message: `Price drop: ${fact.name} now ${priceText(fact.toCents)} (was ${priceText(fact.fromCents)})`,
    link: itemLink(fact.itemType, audience.url),
  }));
}

/** Names as a sentence: "A", "A and B", "A, B and C". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * JOINED_BUNDLE: each wisher of a skin that joined a bundle, once per save, naming the skins of
 * theirs that joined; the link leads to the bundle.
 */
export function joinedBundleNotifications(
  fact: SkinsAddedToBundle['data'],
  audience: {
    wishersBySkin: ReadonlyMap<number, Iterable<number>>;
    actorId: number | null;
    url: string | null;
  },
): NotificationDraft[] {
  const skinsOf = new Map<number, string[]>();
  for (const skin of fact.skins) {
    for (const userId of recipients(audience.wishersBySkin.get(skin.skinId) ?? [], [
      audience.actorId,
      fact.authorId,
    ])) {
      skinsOf.set(userId, [...(skinsOf.get(userId) ?? []), skin.name]);
    }
  }
  return [...skinsOf.keys()]
    .sort((a, b) => a - b)
    .map((userId) => {
      const names = skinsOf.get(userId)!;
      return {
        userId,
        kind: 'JOINED_BUNDLE',
        itemType: 'BUNDLE',
        itemId: fact.bundleId,
        message: `${namesText(names)} joined the bundle ${fact.bundleName}`,
        link: itemLink('BUNDLE', audience.url),
      };
    });
}

export type PaidOrder = {
  externalId: string;
  buyerUserId: number | null;
  items: readonly { authorId: number; name: string }[];
};

/** SALE: each author of a paid order's items, naming their own items; never the buyer. */
export function saleNotifications(order: PaidOrder): NotificationDraft[] {
  const itemsOf = new Map<number, string[]>();
  for (const item of order.items)
    itemsOf.set(item.authorId, [...(itemsOf.get(item.authorId) ?? []), item.name]);
  return recipients(itemsOf.keys(), [order.buyerUserId]).map((userId) => ({
    userId,
    kind: 'SALE',
    itemType: null,
    itemId: null,
    message: `Sale: ${namesText(itemsOf.get(userId)!)} (order ${order.externalId})`,
    link: SALES_LINK,
  }));
}
