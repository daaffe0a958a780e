import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { buyerAccountIds } from '../../api/accounts/users.repository';
import { setFollowing } from '../../api/community/set-following.handler';
import { setWished } from '../../api/community/set-wished.handler';
import { backdated } from '../../infra/event-store/backdating';

const CORRELATION_ID = 'demo-seed';
const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's follows and wishes, through the same commands the API runs, back-dated over the last
 * weeks: `player` follows `author` and the demo author with the most listed skins, and wishes three
 * skins and one bundle of other authors that player does not own.
 */
export async function seedDemoFollowsAndWishes(
  app: AppContext,
  accounts: { admin: number; author: number; player: number },
): Promise<void> {
  const now = app.now().getTime();
  const at = (daysAgo: number, hour = 19) => backdated(now - daysAgo * DAY - hour * 60 * 60 * 1000);
  const player = accounts.player;
  const metadata = { actor: { userId: player }, correlationId: CORRELATION_ID };

  const busiest = await app.pool.maybeOneFirst(sql.type(z.object({ author_id: z.number() }))`
    select s.author_id from skins s join users u on u.id = s.author_id
    where s.listed and s.author_id not in (${accounts.author}, ${player}, ${accounts.admin})
    group by s.author_id order by count(*) desc, s.author_id limit 1`);
  const followed = [accounts.author, ...(busiest === null ? [] : [busiest])];
  for (const [index, authorId] of followed.entries()) {
    await setFollowing(app, {
      authorId,
      userId: player,
      follow: true,
      metadata,
      occurredAt: at(24 - index * 11),
    });
  }

  // Listed, paid, not player's own and not owned by player; from the followed authors first.
  const owned = buyerAccountIds(player);
  const skins = await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
    select s.id from skins s
    where s.listed and s.price_cents > 0 and s.author_id <> ${player}
      and not exists (select 1 from owned_skins o where o.skin_id = s.id and o.user_id in ${owned} and o.acquired_at is not null)
    order by (s.author_id = any(${sql.array(followed, 'int8')})) desc, s.created_at desc, s.id
    limit 3`);
  const bundle = await app.pool.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    select b.id from bundles b
    where b.listed and b.author_id <> ${player}
      and not exists (select 1 from owned_bundles o where o.bundle_id = b.id and o.user_id in ${owned} and o.acquired_at is not null)
    order by b.created_at desc, b.id limit 1`);
  const wishes = [
    ...skins.map((itemId) => ({ itemType: 'SKIN' as const, itemId })),
    ...(bundle === null ? [] : [{ itemType: 'BUNDLE' as const, itemId: bundle }]),
  ];
  for (const [index, wish] of wishes.entries()) {
    await setWished(app, {
      ...wish,
      userId: player,
      wish: true,
      metadata,
      occurredAt: at(20 - index * 5, 21),
    });
  }
}
