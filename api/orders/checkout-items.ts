import { sql } from 'slonik';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import type { CatalogueItem } from '../../domain/orders/order.decider';
import type { Queryable } from '../../infra/db/pool';
import { applyDiscountCode } from '../discount-codes/cart-code.query';
import { runningSalesReductions } from '../sales/sale-reductions.query';
import { ownedAmong } from './orders.repository';

const sellableRow = z.object({
  id: z.number(),
  title: z.string(),
  author_id: z.number(),
  price_cents: z.number(),
  listed: z.boolean(),
  available_alone: z.boolean(),
  pay_what_you_want: z.boolean(),
  skin_ids: z.array(z.number()),
});
type SellableRow = z.infer<typeof sellableRow>;

const refuse = (field: 'skins' | 'bundles', message: string) =>
  new DomainError('BAD_USER_INPUT', message, field);

/**
 * The cart's skins and bundles as the catalogue sells them now: the price is the catalogue's and
 * nothing else. Refused (BAD_USER_INPUT naming `skins` or `bundles`): an unknown, hidden, taken-down or
 * deleted item (or one whose author is blocked), a free one, a skin not sold alone, the buyer's own work, something a signed-in buyer already
 * owns, an item twice, a skin that also comes in a bundle of the same cart, and a bundle none of whose
 * skins is on sale. A bundle sells its published skins only. Skins come first, then bundles,
 * each in the cart's order. Each carries the sale running on it at `now` as a reduction.
 */
export async function catalogueItemsToOrder(
  db: Queryable,
  cart: { skins: readonly number[]; bundles: readonly number[] },
  /** `gift`: bought for someone else, so what the buyer owns already does not matter. */
  buyer: { userId: number; signedIn: boolean; gift?: boolean },
  /** The moment of the order (or quote): which sales run, and whether a code holds, is decided at it. */
  now: Date,
  /** The buyer's discount code (normalised), applied after any sale. */
  code?: string,
): Promise<CatalogueItem[]> {
  const [skins, bundles] = await Promise.all([
    cart.skins.length === 0
      ? []
      : db.any(sql.type(sellableRow)`
          select id, title, author_id, price_cents, listed,
                 available_alone, pay_what_you_want, array[]::bigint[] as skin_ids
          from skins where id = any(${sql.array([...cart.skins], 'int8')})`),
    cart.bundles.length === 0
      ? []
      : db.any(sql.type(sellableRow)`
          select b.id, b.title, b.author_id, b.price_cents, b.listed,
                 true as available_alone, b.pay_what_you_want,
                 -- Only the skins the bundle page shows are sold with it: a hidden, taken-down or deleted one is not.
                 array(select bs.skin_id from bundle_skins bs join skins s on s.id = bs.skin_id
                       where bs.bundle_id = b.id and s.listed
                       order by bs.position, bs.skin_id) as skin_ids
          from bundles b where b.id = any(${sql.array([...cart.bundles], 'int8')})`),
  ]);
  const skinsById = new Map(skins.map((row) => [row.id, row]));
  const bundlesById = new Map(bundles.map((row) => [row.id, row]));

  const check = (field: 'skins' | 'bundles', row: SellableRow | undefined): SellableRow => {
    if (!row || !row.listed) {
      throw refuse(field, 'Some items in your cart are no longer available. Remove them and try again.');
    }
    if (row.price_cents <= 0) throw refuse(field, `${row.title} is free: download it instead.`);
    if (!row.available_alone) throw refuse(field, `${row.title} is sold only in a bundle.`);
    if (row.author_id === buyer.userId) {
      throw refuse(field, `${row.title} is your own work: you cannot buy it.`);
    }
    return row;
  };
  const orderedSkins = cart.skins.map((id) => check('skins', skinsById.get(id)));
  const orderedBundles = cart.bundles.map((id) => check('bundles', bundlesById.get(id)));
  const emptied = orderedBundles.find((row) => row.skin_ids.length === 0);
  if (emptied) throw refuse('bundles', `${emptied.title} has no skins on sale at the moment.`);
  for (const [field, rows] of [
    ['skins', orderedSkins],
    ['bundles', orderedBundles],
  ] as const) {
    const twice = rows.find((row, index) => rows.indexOf(row) !== index);
    if (twice) throw refuse(field, `${twice.title} is in your cart twice.`);
  }

  for (const bundle of orderedBundles) {
    const twice = orderedSkins.find((skin) => bundle.skin_ids.includes(skin.id));
    if (twice) throw refuse('skins', `${twice.title} is already in ${bundle.title}, also in your cart.`);
  }
  if (buyer.signedIn && !buyer.gift) {
    // A guest's email may already own an item; buying it again is their choice, and telling them
    // would reveal what that address owns.
    const owned = await ownedAmong(db, buyer.userId, {
      skinIds: orderedSkins.map((row) => row.id),
      bundleIds: orderedBundles.map((row) => row.id),
    });
    const ownedSkin = orderedSkins.find((row) => owned.skinIds.has(row.id));
    if (ownedSkin) throw refuse('skins', `You already own ${ownedSkin.title}.`);
    const ownedBundle = orderedBundles.find((row) => owned.bundleIds.has(row.id));
    if (ownedBundle) throw refuse('bundles', `You already own ${ownedBundle.title}.`);
  }

  const coAuthors = await acceptedCoAuthors(db, {
    skinIds: orderedSkins.map((row) => row.id),
    bundleIds: orderedBundles.map((row) => row.id),
  });
  const withCoAuthors = <T extends { itemType: 'SKIN' | 'BUNDLE'; itemId: number }>(item: T) => {
    const authors = coAuthors.get(`${item.itemType}:${item.itemId}`);
    return authors ? { ...item, coAuthors: authors } : item;
  };

  const items: CatalogueItem[] = [
    ...orderedSkins.map((row) => ({
      itemType: 'SKIN' as const,
      itemId: row.id,
      name: row.title,
      authorId: row.author_id,
      priceCents: row.price_cents,
      payWhatYouWant: row.pay_what_you_want,
    })),
    ...orderedBundles.map((row) => ({
      itemType: 'BUNDLE' as const,
      itemId: row.id,
      name: row.title,
      authorId: row.author_id,
      priceCents: row.price_cents,
      payWhatYouWant: row.pay_what_you_want,
      skinIds: row.skin_ids,
    })),
  ].map(withCoAuthors);
  // The sale running on each item now, then the buyer's code on the sale price: the server's own
  // findings, applied by the order decider.
  const onSale = await runningSalesReductions(db, items, now);
  return code ? applyDiscountCode(db, onSale, { code, buyer, at: now }) : onSale;
}

const authorRow = z.object({
  item_type: z.enum(['SKIN', 'BUNDLE']),
  item_id: z.number(),
  author_id: z.number(),
  weight: z.number(),
});

/**
 * The authors each sale of these items splits among now (docs/co-authors.md): the owner and the
 * accepted co-authors with their weights, owner first, by `${itemType}:${itemId}`. Only items with at
 * least one accepted co-author are in the map; an open invitation changes nothing.
 */
async function acceptedCoAuthors(
  db: Queryable,
  items: { skinIds: readonly number[]; bundleIds: readonly number[] },
): Promise<Map<string, { authorId: number; weight: number }[]>> {
  const found = new Map<string, { authorId: number; weight: number }[]>();
  if (items.skinIds.length + items.bundleIds.length === 0) return found;
  const rows = await db.any(sql.type(authorRow)`
    select a.item_type, a.item_id, a.author_id, a.weight
    from item_authors a
    where a.role in ('OWNER', 'ACCEPTED')
      and ((a.item_type = 'SKIN' and a.item_id = any(${sql.array([...items.skinIds], 'int8')}))
        or (a.item_type = 'BUNDLE' and a.item_id = any(${sql.array([...items.bundleIds], 'int8')})))
      and exists (select 1 from item_authors c where c.item_type = a.item_type and c.item_id = a.item_id
                  and c.role = 'ACCEPTED')
    order by a.item_type, a.item_id, (a.role = 'OWNER') desc, a.accepted_at, a.author_id`);
  for (const row of rows) {
    const key = `${row.item_type}:${row.item_id}`;
    found.set(key, [...(found.get(key) ?? []), { authorId: row.author_id, weight: row.weight }]);
  }
  return found;
}
