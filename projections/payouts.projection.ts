import { sql } from 'slonik';
import {
  PAYOUT_EVENT_TYPES,
  payoutItemKey,
  type PayoutEvent,
  type PayoutStatus,
} from '../domain/payouts/payout.events';
import { isEventOf } from '../infra/event-store/event-store';
import type { RebuildableProjection } from '../infra/projection-engine/shadow-rebuild';
import { jsonRows } from './json-rows';

const isPayoutEvent = isEventOf<PayoutEvent>(PAYOUT_EVENT_TYPES);

type PayoutRowChange = {
  status?: PayoutStatus;
  amountDelta: number;
  skinDelta: number;
  bundleDelta: number;
  adjustmentDelta: number;
  fields: Record<string, unknown>;
};

type Line = {
  payout_id: number;
  line_no: number;
  kind: 'ITEM' | 'ADJUSTMENT';
  order_id: number;
  order_external_id: string;
  position: number;
  item_type: string;
  item_id: number;
  name: string;
  price_cents: number;
  tip_cents: number;
  vat_cents: number;
  site_fee_cents: number;
  payment_fee_cents: number;
  author_share_cents: number;
  item_author_share_cents: number | null;
  share_weight: number | null;
  share_total_weight: number | null;
  payment_type: string | null;
  from_payout_id: number | null;
  occurred_at: string;
};

/**
 * Payouts and their lines, as the payout events recorded them. A batch is folded in memory and
 * written with a handful of set-based statements (a replay of a long history stays fast): opened
 * payouts are inserted, counters move by the batch's sums, the latest status and details win, lines
 * are inserted and removed. Amounts are copied from the events, never recomputed.
 */
export const payoutsProjection: RebuildableProjection = {
  name: 'payouts',
  mode: 'inline',
  eventTypes: PAYOUT_EVENT_TYPES,
  // Payouts first: their lines reference them.
  tables: [{ name: 'payouts' }, { name: 'payout_lines' }],
  async apply(tx, events) {
    const opened: { id: number; author_id: number; opened_at: string }[] = [];
    const changes = new Map<number, PayoutRowChange>();
    const inserted = new Map<string, Line>();
    const removed: { payout_id: number; order_id: number; position: number }[] = [];
    const changeOf = (payoutId: number) => {
      let change = changes.get(payoutId);
      if (!change) {
        change = { amountDelta: 0, skinDelta: 0, bundleDelta: 0, adjustmentDelta: 0, fields: {} };
        changes.set(payoutId, change);
      }
      return change;
    };

    for (const event of events.filter(isPayoutEvent)) {
      const change = changeOf(event.data.payoutId);
      change.fields.updated_at = event.recordedAt.toISOString();
      switch (event.type) {
        case 'PayoutOpened':
          opened.push({
            id: event.data.payoutId,
            author_id: event.data.authorId,
            opened_at: event.data.openedAt,
          });
          break;
        case 'PayoutItemAdded': {
          const { item } = event.data;
          inserted.set(`${event.data.payoutId}/${payoutItemKey(item)}`, {
            payout_id: event.data.payoutId,
            line_no: event.streamVersion,
            kind: 'ITEM',
            order_id: Number(item.orderId),
            order_external_id: item.orderExternalId,
            position: item.position,
            item_type: item.itemType,
            item_id: item.itemId,
            name: item.name,
            price_cents: item.priceCents,
            tip_cents: item.tipCents,
            // Absent for items of orders placed before VAT: they had none.
            vat_cents: item.vatCents ?? 0,
            site_fee_cents: item.siteFeeCents,
            payment_fee_cents: item.paymentFeeCents,
            author_share_cents: item.authorShareCents,
            // A co-authored item: the whole share before the split and this author's weight.
            item_author_share_cents: item.split?.itemAuthorShareCents ?? null,
            share_weight: item.split?.weight ?? null,
            share_total_weight: item.split?.totalWeight ?? null,
            payment_type: item.paymentType,
            from_payout_id: null,
            occurred_at: item.paidAt,
          });
          change.amountDelta += item.authorShareCents;
          if (item.itemType === 'BUNDLE') change.bundleDelta += 1;
          else change.skinDelta += 1;
          break;
        }
        case 'PayoutItemRemoved': {
          const key = `${event.data.payoutId}/${payoutItemKey(event.data)}`;
          const line = inserted.get(key);
          if (line) inserted.delete(key);
          else {
            removed.push({
              payout_id: event.data.payoutId,
              order_id: Number(event.data.orderId),
              position: event.data.position,
            });
          }
          change.amountDelta -= event.data.authorShareCents;
          // The removed line's type: from this batch, or looked up when the rows are written.
          if (line?.item_type === 'BUNDLE') change.bundleDelta -= 1;
          else if (line) change.skinDelta -= 1;
          break;
        }
        case 'PayoutAdjustmentAdded': {
          const data = event.data;
          inserted.set(`${data.payoutId}/adjustment/${event.streamVersion}`, {
            payout_id: data.payoutId,
            line_no: event.streamVersion,
            kind: 'ADJUSTMENT',
            order_id: Number(data.orderId),
            order_external_id: data.orderExternalId,
            position: data.position,
            item_type: data.itemType,
            item_id: data.itemId,
            name: data.name,
            // The author's share taken back; the fees of a refunded order are never the author's.
            price_cents: data.amountCents,
            tip_cents: 0,
            vat_cents: 0,
            site_fee_cents: 0,
            payment_fee_cents: 0,
            author_share_cents: data.amountCents,
            item_author_share_cents: null,
            share_weight: null,
            share_total_weight: null,
            payment_type: null,
            from_payout_id: data.fromPayoutId,
            occurred_at: data.addedAt,
          });
          change.amountDelta += data.amountCents;
          change.adjustmentDelta += 1;
          break;
        }
        case 'PayoutLocked':
          change.status = 'LOCKED';
          Object.assign(change.fields, {
            payout_method: event.data.destination.method,
            destination: event.data.destination,
            payout_date: event.data.payoutDate,
            locked_at: event.data.lockedAt,
          });
          break;
        case 'PayoutExported':
          Object.assign(change.fields, {
            export_file_id: event.data.fileId,
            export_batch_id: event.data.batchId,
            end_to_end_id: event.data.endToEndId,
            exported_at: event.data.exportedAt,
          });
          break;
        case 'PayoutExportWithdrawn':
          Object.assign(change.fields, {
            export_file_id: null,
            export_batch_id: null,
            end_to_end_id: null,
            exported_at: null,
          });
          break;
        case 'PayoutSent':
          change.status = 'SENT';
          Object.assign(change.fields, {
            transfer_reference: event.data.transferReference,
            sent_at: event.data.sentAt,
            failure_reason: null,
            failed_at: null,
          });
          break;
        case 'PayoutFailed':
          change.status = 'ERROR';
          Object.assign(change.fields, {
            failure_reason: event.data.reason,
            failed_at: event.data.failedAt,
            export_file_id: null,
            export_batch_id: null,
            end_to_end_id: null,
            exported_at: null,
          });
          break;
        case 'PayoutRelocked':
          change.status = 'LOCKED';
          Object.assign(change.fields, {
            payout_method: event.data.destination.method,
            destination: event.data.destination,
            payout_date: event.data.payoutDate,
            locked_at: event.data.relockedAt,
            transfer_reference: null,
            sent_at: null,
          });
          break;
      }
    }

    // One PENDING payout per author holds after the batch, not necessarily between its statements:
    // a batch may lock an author's payout and open their next one. So earlier payouts take their new
    // status first, and opened ones are inserted with the status the batch leaves them in.
    const openedIds = new Set(opened.map((payout) => payout.id));
    const statuses = [...changes]
      .filter(([id, change]) => change.status && !openedIds.has(id))
      .map(([id, change]) => ({ id, status: change.status }));
    if (statuses.length > 0 && opened.length > 0) {
      await tx.query(sql.unsafe`
        update payouts p set status = x.status
        from json_to_recordset(${jsonRows(statuses)}) as x(id bigint, status text)
        where p.id = x.id`);
    }
    if (opened.length > 0) {
      const rows = opened.map((payout) => ({
        ...payout,
        status: changes.get(payout.id)?.status ?? 'PENDING',
      }));
      await tx.query(sql.unsafe`
        insert into payouts (id, author_id, status, amount_cents, skin_count, bundle_count, adjustment_count,
                             opened_at, updated_at)
        select x.id, x.author_id, x.status, 0, 0, 0, 0, x.opened_at, x.opened_at
        from json_to_recordset(${jsonRows(rows)}) as x(id bigint, author_id bigint, status text, opened_at timestamptz)`);
    }
    if (removed.length > 0) {
      // Lines added in an earlier batch: their counters fall as they go.
      await tx.query(sql.unsafe`
        with gone as (
          delete from payout_lines l
          using json_to_recordset(${jsonRows(removed)}) as x(payout_id bigint, order_id bigint, position int)
          where l.payout_id = x.payout_id and l.order_id = x.order_id and l.position = x.position
            and l.kind = 'ITEM'
          returning l.payout_id, l.item_type
        )
        update payouts p set
          skin_count = p.skin_count - g.skins, bundle_count = p.bundle_count - g.bundles
        from (select payout_id, count(*) filter (where item_type = 'SKIN') as skins,
                     count(*) filter (where item_type = 'BUNDLE') as bundles
              from gone group by payout_id) g
        where p.id = g.payout_id`);
    }
    if (inserted.size > 0) {
      await tx.query(sql.unsafe`
        insert into payout_lines (payout_id, line_no, kind, order_id, order_external_id, position, item_type,
                                  item_id, name, price_cents, tip_cents, vat_cents, site_fee_cents, payment_fee_cents,
                                  author_share_cents, item_author_share_cents, share_weight, share_total_weight,
                                  payment_type, from_payout_id, occurred_at)
        select x.payout_id, x.line_no, x.kind, x.order_id, x.order_external_id, x.position, x.item_type,
               x.item_id, x.name, x.price_cents, x.tip_cents, x.vat_cents, x.site_fee_cents, x.payment_fee_cents,
               x.author_share_cents, x.item_author_share_cents, x.share_weight, x.share_total_weight,
               x.payment_type, x.from_payout_id, x.occurred_at
        from json_to_recordset(${jsonRows([...inserted.values()])}) as x(
          payout_id bigint, line_no int, kind text, order_id bigint, order_external_id text, position int,
          item_type text, item_id bigint, name text, price_cents int, tip_cents int, vat_cents int, site_fee_cents int,
          payment_fee_cents int, author_share_cents int, item_author_share_cents int, share_weight int,
          share_total_weight int, payment_type text, from_payout_id bigint,
          occurred_at timestamptz)`);
    }
    const rows = [...changes].map(([id, change]) => ({
      id,
      status: change.status ?? null,
      amount_delta: change.amountDelta,
      skin_delta: change.skinDelta,
      bundle_delta: change.bundleDelta,
      adjustment_delta: change.adjustmentDelta,
      fields: change.fields,
    }));
    if (rows.length > 0) {
      // A field the batch set wins (`?` asks whether it was set at all, so null can clear a field).
      await tx.query(sql.unsafe`
        update payouts p set
          status = coalesce(x.status, p.status),
          amount_cents = p.amount_cents + x.amount_delta,
          skin_count = p.skin_count + x.skin_delta,
          bundle_count = p.bundle_count + x.bundle_delta,
          adjustment_count = p.adjustment_count + x.adjustment_delta,
          payout_method = case when x.fields ? 'payout_method' then x.fields->>'payout_method' else p.payout_method end,
          destination = case when x.fields ? 'destination' then x.fields->'destination' else p.destination end,
          payout_date = case when x.fields ? 'payout_date' then (x.fields->>'payout_date')::date else p.payout_date end,
          export_file_id = case when x.fields ? 'export_file_id' then (x.fields->>'export_file_id')::uuid else p.export_file_id end,
          export_batch_id = case when x.fields ? 'export_batch_id' then x.fields->>'export_batch_id' else p.export_batch_id end,
          end_to_end_id = case when x.fields ? 'end_to_end_id' then x.fields->>'end_to_end_id' else p.end_to_end_id end,
          exported_at = case when x.fields ? 'exported_at' then (x.fields->>'exported_at')::timestamptz else p.exported_at end,
          transfer_reference = case when x.fields ? 'transfer_reference' then x.fields->>'transfer_reference' else p.transfer_reference end,
          failure_reason = case when x.fields ? 'failure_reason' then x.fields->>'failure_reason' else p.failure_reason end,
          locked_at = case when x.fields ? 'locked_at' then (x.fields->>'locked_at')::timestamptz else p.locked_at end,
          sent_at = case when x.fields ? 'sent_at' then (x.fields->>'sent_at')::timestamptz else p.sent_at end,
          failed_at = case when x.fields ? 'failed_at' then (x.fields->>'failed_at')::timestamptz else p.failed_at end,
          updated_at = (x.fields->>'updated_at')::timestamptz
        from json_to_recordset(${jsonRows(rows)}) as x(
          id bigint, status text, amount_delta int, skin_delta int, bundle_delta int, adjustment_delta int,
          fields jsonb)
        where p.id = x.id`);
    }
  },
  async reset(tx) {
    await tx.query(sql.unsafe`truncate payouts, payout_lines`);
  },
};
