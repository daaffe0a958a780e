import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { scheduleSale } from '../../api/sales/author-sales.handler';
import { backdated } from '../../infra/event-store/backdating';

const CORRELATION_ID = 'demo-seed';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * The demo's sales (docs/sales-and-codes.md), through the same command the API runs, back-dated:
 * the demo `author` ran an "Autumn sale" (10 % off their priciest paid skin) that ended 12 days
 * ago, and a "Winter sale" (25 % off that skin and their next paid skin) has been running since
 * yesterday for a week. The first skin's reference price is therefore the autumn sale's price, lower
 * than its regular price (the reduction shown is measured from it); the second one's is its regular
 * price.
 */
export async function seedDemoAuthorSales(app: AppContext, accounts: { author: number }): Promise<void> {
  const skins = await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    select id from skins
    where author_id = ${accounts.author} and listed and price_cents >= 300 and available_alone
    order by price_cents desc, id limit 2`);
  if (skins.length === 0) return;
  const now = app.now().getTime();
  const metadata = { actor: { userId: accounts.author }, correlationId: CORRELATION_ID };
  const autumnStart = now - 20 * DAY;
  await scheduleSale(app, {
    authorId: accounts.author,
    input: {
      name: 'Autumn sale',
      kind: 'PERCENT',
      percentOff: 10,
      salePrice: null,
      skinIds: [skins[0]!],
      bundleIds: [],
      startsAt: new Date(autumnStart).toISOString(),
      endsAt: new Date(autumnStart + 8 * DAY).toISOString(),
    },
    metadata,
    occurredAt: backdated(autumnStart - 2 * HOUR),
  });
  const winterStart = now - DAY;
  await scheduleSale(app, {
    authorId: accounts.author,
    input: {
      name: 'Winter sale',
      kind: 'PERCENT',
      percentOff: 25,
      salePrice: null,
      skinIds: [...skins],
      bundleIds: [],
      startsAt: new Date(winterStart).toISOString(),
      endsAt: new Date(winterStart + 7 * DAY).toISOString(),
    },
    metadata,
    occurredAt: backdated(winterStart - 3 * HOUR),
  });
}
