// The cart keeps only ids in localStorage (spec 4): one JSON array of numeric ids for skins, one
// for bundles. Pages reload the items from the server by id.
export const CART_STORAGE_KEYS = { skin: 'cart-skins', bundle: 'cart-bundles' } as const;

export type CartItemKind = keyof typeof CART_STORAGE_KEYS;

export interface CartContents {
  skins: readonly number[];
  bundles: readonly number[];
}

type Listener = () => void;

const listeners = new Set<Listener>();
// Used when localStorage is unavailable (private mode, blocked storage).
const memoryStorage = new Map<string, string>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memoryStorage.get(key) ?? null;
  }
}

function writeRaw(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) memoryStorage.delete(key);
    else memoryStorage.set(key, value);
  }
}

/** Parses a stored id list, keeping unique positive integers; anything else reads as empty. */
export function parseCartIds(raw: string | null): number[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids = parsed
    .map((value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value))
    .filter(
      (value): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0,
    );
  return [...new Set(ids)];
}

let snapshot: { rawSkins: string | null; rawBundles: string | null; contents: CartContents } | null = null;

/** The cart's contents; the same object until the stored ids change (a useSyncExternalStore snapshot). */
export function readCart(): CartContents {
  const rawSkins = readRaw(CART_STORAGE_KEYS.skin);
  const rawBundles = readRaw(CART_STORAGE_KEYS.bundle);
  if (!snapshot || snapshot.rawSkins !== rawSkins || snapshot.rawBundles !== rawBundles) {
    snapshot = {
      rawSkins,
      rawBundles,
      contents: { skins: parseCartIds(rawSkins), bundles: parseCartIds(rawBundles) },
    };
  }
  return snapshot.contents;
}

export function cartCount(contents: CartContents): number {
  return contents.skins.length + contents.bundles.length;
}

function idsOf(contents: CartContents, kind: CartItemKind): readonly number[] {
  return kind === 'skin' ? contents.skins : contents.bundles;
}

function writeIds(kind: CartItemKind, ids: readonly number[]): void {
  writeRaw(CART_STORAGE_KEYS[kind], ids.length > 0 ? JSON.stringify(ids) : null);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function addToCart(kind: CartItemKind, id: number): void {
  const ids = idsOf(readCart(), kind);
  if (!ids.includes(id)) writeIds(kind, [...ids, id]);
}

export function removeFromCart(kind: CartItemKind, id: number): void {
  const ids = idsOf(readCart(), kind);
  if (ids.includes(id))
    writeIds(
      kind,
      ids.filter((existing) => existing !== id),
    );
}

/** Empties the cart (after a successful purchase, spec 4). */
export function clearCart(): void {
  writeRaw(CART_STORAGE_KEYS.skin, null);
  writeRaw(CART_STORAGE_KEYS.bundle, null);
  notify();
}

const storageKeys: ReadonlySet<string | null> = new Set(Object.values(CART_STORAGE_KEYS));

/** Listens to changes from this tab and, through the storage event, from the others. */
export function subscribeToCart(listener: Listener): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared the whole storage.
    if (event.key === null || storageKeys.has(event.key)) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
