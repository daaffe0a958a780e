import { sql } from 'slonik';
import type { SaleEvent } from '../domain/sales/sale.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isSaleEvent = isEventOf<SaleEvent>(['SaleScheduled', 'SaleChanged', 'SaleCancelled']);

/**
 * Each author's sales, in the transaction that decides them (the author sees the sale at once and
 * checkout reads it at once): `sales` holds the definition, `sale_items` each item with the sale's
 * start and stop. A sale is on while `starts_at <= now < stops_at`: nothing is written when it
 * starts or ends, so reads are exact to the second without a job.
 */
export const authorSalesProjection: RebuildableProjection = {
  name: 'author-sales',
  mode: 'inline',
  eventTypes: ['SaleScheduled', 'SaleChanged', 'SaleCancelled'],
  tables: [{ name: 'sales' }, { name: 'sale_items' }],
  async apply(tx, events) {
    for (const event of events.filter(isSaleEvent)) {
      if (event.type === 'SaleCancelled') {
        const { saleId, cancelledAt } = event.data;
        await tx.query(sql.unsafe`
          update sales set cancelled_at = ${cancelledAt}, stops_at = least(ends_at, ${cancelledAt}::timestamptz),
                 updated_at = ${cancelledAt}
          where sale_id = ${saleId}`);
        await tx.query(sql.unsafe`
          update sale_items set stops_at = least(stops_at, ${cancelledAt}::timestamptz) where sale_id = ${saleId}`);
        continue;
      }
      const sale = event.data;
      const at = event.type === 'SaleScheduled' ? event.data.scheduledAt : event.data.changedAt;
      const terms = sale.terms;
      await tx.query(sql.unsafe`
        insert into sales (sale_id, author_id, name, kind, percent_off, sale_price_cents, starts_at, ends_at,
                           cancelled_at, stops_at, scheduled_at, updated_at)
        values (${sale.saleId}, ${sale.authorId}, ${sale.name}, ${terms.kind},
                ${terms.kind === 'PERCENT' ? terms.percentOff : null},
                ${terms.kind === 'PRICE' ? terms.salePriceCents : null},
                ${sale.startsAt}, ${sale.endsAt}, null, ${sale.endsAt}, ${at}, ${at})
        on conflict (sale_id) do update set
          name = excluded.name, kind = excluded.kind, percent_off = excluded.percent_off,
          sale_price_cents = excluded.sale_price_cents, starts_at = excluded.starts_at,
          ends_at = excluded.ends_at, stops_at = excluded.stops_at, updated_at = excluded.updated_at`);
      await tx.query(sql.unsafe`delete from sale_items where sale_id = ${sale.saleId}`);
      await tx.query(sql.unsafe`
        insert into sale_items (sale_id, item_type, item_id, starts_at, stops_at)
        select ${sale.saleId}, item_type, item_id, ${sale.startsAt}, ${sale.endsAt}
        from json_to_recordset(${jsonRows(sale.items.map((item) => ({ item_type: item.itemType, item_id: item.itemId })))})
          as x(item_type text, item_id bigint)`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate sales, sale_items`);
  },
};
