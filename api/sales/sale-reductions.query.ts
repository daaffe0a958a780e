import type { CatalogueItem } from '../../domain/orders/order.decider';
import type { Queryable } from '../../infra/db/pool';
import { runningSales } from './sales.repository';

/**
 * The catalogue items with the sale running on each at `now` added to their reductions
 * ({source 'SALE'}, first: a code applies on the sale price). The regular price stays
 * `priceCents`; the order decider asks regular − reductions and records both.
 */
export async function runningSalesReductions(
  db: Queryable,
  items: readonly CatalogueItem[],
  now: Date,
): Promise<CatalogueItem[]> {
  const sales = await runningSales(
    db,
    items.map((item) => ({ itemType: item.itemType, itemId: item.itemId, regularCents: item.priceCents })),
    now,
  );
  return items.map((item) => {
    const sale = sales.get(`${item.itemType}:${item.itemId}`);
    if (!sale) return item;
    return {
      ...item,
      reductions: [
        { source: 'SALE' as const, id: sale.saleId, label: sale.name, cents: sale.reductionCents },
        ...(item.reductions ?? []),
      ],
    };
  });
}
