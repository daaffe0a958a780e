import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { useCart } from '../../../shared/cart';
import type { CartItemsQuery as CartItemsResult } from '../../../shared/graphql/generated/graphql';
import { useOwnership } from '../../../shared/ownership';
import { askedPrice } from '../../../shared/sale';
import { useSession } from '../../../shared/session';
import { CartItemsQuery } from '../lib/cart.documents';

export type CartSkin = CartItemsResult['skinsById'][number];
export type CartBundle = CartItemsResult['bundlesById'][number];

export type CartLine =
  { kind: 'skin'; id: number; item: CartSkin } | { kind: 'bundle'; id: number; item: CartBundle };

/** Why items were taken out of the cart when it was loaded (shown once, until the page is left). */
export interface DroppedItems {
  owned: string[];
  own: string[];
  free: string[];
  bundleOnly: string[];
  unavailable: number;
}

const noneDropped: DroppedItems = { owned: [], own: [], free: [], bundleOnly: [], unavailable: 0 };

/**
 * While a sale runs on an item the cart asks its sale price (the least a pay-what-you-want buyer
 * pays); the server applies the same sale at checkout, the client never sends a price.
 */
function onSale<Item extends { price: number; sale: { salePrice: number } | null }>(item: Item): Item {
  return item.sale ? { ...item, price: askedPrice(item) } : item;
}

function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/**
 * The cart's items reloaded from the server by id (spec 4). Only priced items that the viewer does
 * not own stay: owned, free and no longer visible ones are taken out of the stored cart, and the page
 * says which. Removing an item updates the list at once, without waiting for the server.
 */
export function useCartItems() {
  const cart = useCart();
  const ownership = useOwnership();
  const viewerId = useSession().user?.id ?? null;
  const skinIds = cart.items.skins.map(String);
  const bundleIds = cart.items.bundles.map(String);
  const empty = cart.count === 0;
  const [result, refetch] = useQuery({
    query: CartItemsQuery,
    variables: { skinIds, bundleIds },
    pause: empty,
    requestPolicy: 'cache-and-network',
  });
  const [dropped, setDropped] = useState<DroppedItems>(noneDropped);

  useEffect(() => {
    if (result.error) console.error('The cart items could not be loaded', result.error);
  }, [result.error]);

  // The last answer stays on screen while a changed cart is asked for again.
  const last = useRef(result.data);
  if (result.data) last.current = result.data;
  const data = result.data ?? last.current;

  const lines = useMemo<CartLine[]>(() => {
    if (!data) return [];
    const skins = data.skinsById
      .filter((skin) => cart.items.skins.includes(Number(skin.id)))
      .map((item): CartLine => ({ kind: 'skin', id: Number(item.id), item: onSale(item) }));
    const bundles = data.bundlesById
      .filter((bundle) => cart.items.bundles.includes(Number(bundle.id)))
      .map((item): CartLine => ({ kind: 'bundle', id: Number(item.id), item: onSale(item) }));
    return [...skins, ...bundles];
  }, [data, cart.items]);

  // Once the answer is for the cart as it is now and ownership is known, drop what cannot be bought.
  const answeredVariables = result.operation?.variables as
    { skinIds: string[]; bundleIds: string[] } | undefined;
  const current =
    result.data !== undefined &&
    !result.fetching &&
    !result.stale &&
    answeredVariables !== undefined &&
    answeredVariables.skinIds.join() === skinIds.join() &&
    answeredVariables.bundleIds.join() === bundleIds.join();
  const { remove } = cart;
  useEffect(() => {
    if (!current || !ownership.ready || !result.data) return;
    const next: DroppedItems = { owned: [], own: [], free: [], bundleOnly: [], unavailable: 0 };
    const found = { skin: new Set<number>(), bundle: new Set<number>() };
    const check = (
      kind: 'skin' | 'bundle',
      item: { id: string; title: string; price: number; author: { id: string }; availableAlone?: boolean },
    ) => {
      const id = Number(item.id);
      found[kind].add(id);
      const owned = kind === 'skin' ? ownership.ownsSkin(id) : ownership.ownsBundle(id);
      if (owned) next.owned.push(item.title);
      else if (viewerId !== null && item.author.id === String(viewerId)) next.own.push(item.title);
      else if (item.price <= 0) next.free.push(item.title);
      else if (item.availableAlone === false) next.bundleOnly.push(item.title);
      else return;
      remove(kind, id);
    };
    for (const skin of result.data.skinsById) check('skin', skin);
    for (const bundle of result.data.bundlesById) check('bundle', bundle);
    for (const id of skinIds.map(Number))
      if (!found.skin.has(id)) {
        next.unavailable += 1;
        remove('skin', id);
      }
    for (const id of bundleIds.map(Number))
      if (!found.bundle.has(id)) {
        next.unavailable += 1;
        remove('bundle', id);
      }
    const count =
      next.owned.length + next.own.length + next.free.length + next.bundleOnly.length + next.unavailable;
    if (count > 0)
      setDropped((before) => ({
        owned: [...before.owned, ...next.owned],
        own: [...before.own, ...next.own],
        free: [...before.free, ...next.free],
        bundleOnly: [...before.bundleOnly, ...next.bundleOnly],
        unavailable: before.unavailable + next.unavailable,
      }));
    // skinIds and bundleIds are part of `current`: the answer is for exactly these ids.
  }, [current, ownership.ready, result.data, remove, viewerId]);

  const visible = lines.filter((line) =>
    line.kind === 'skin' ? !ownership.ownsSkin(line.id) : !ownership.ownsBundle(line.id),
  );
  const totalCents = visible.reduce((sum, line) => sum + toCents(line.item.price), 0);

  // A skin that is also inside a bundle of the cart would be paid twice.
  const overlaps = visible.flatMap((line) => {
    if (line.kind !== 'skin') return [];
    const bundle = visible.find(
      (other) => other.kind === 'bundle' && other.item.skins.some((skin) => skin.id === line.item.id),
    );
    return bundle ? [{ skin: line.item.title, bundle: bundle.item.title }] : [];
  });

  return {
    empty,
    loading: !empty && !data && !result.error,
    error: !data && result.error !== undefined,
    retry: () => refetch({ requestPolicy: 'network-only' }),
    lines: visible,
    totalCents,
    overlaps,
    dropped,
    /** The ids the checkout sends: the items on screen. */
    ids: {
      skins: visible.filter((line) => line.kind === 'skin').map((line) => line.id),
      bundles: visible.filter((line) => line.kind === 'bundle').map((line) => line.id),
    },
    remove,
    clear: cart.clear,
  };
}
