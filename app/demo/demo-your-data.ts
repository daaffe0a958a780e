import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { buyerAccountIds } from '../../api/accounts/users.repository';
import { setFollowing } from '../../api/community/set-following.handler';
import { setWished } from '../../api/community/set-wished.handler';
import { backdated } from '../../infra/event-store/backdating';

const DAY = 24 * 60 * 60 * 1000;

/**
 * So that the demo `author`'s data export (Settings → Your data, docs/account-deletion.md) holds
 * every kind of data a person can have, `author` also acts as a player: follows the demo author
 * with the most listed skins and wishes one paid skin of another author that it does not own,
 * through the same commands as the API, a week back.
 */
export async function seedDemoYourData(
  app: AppContext,
  accounts: { admin: number; author: number; player: number },
) {
  const author = accounts.author;
  const metadata = { actor: { userId: author }, correlationId: 'demo-seed' };
  const at = backdated(app.now().getTime() - 7 * DAY);
  const followed = await app.pool.maybeOneFirst(sql.type(z.object({ author_id: z.number() }))`
    select s.author_id from skins s
    where s.listed and s.author_id not in (${author}, ${accounts.player}, ${accounts.admin})
    group by s.author_id order by count(*) desc, s.author_id limit 1`);
  if (followed !== null)
    await setFollowing(app, { authorId: followed, userId: author, follow: true, metadata, occurredAt: at });
  const wished = await app.pool.maybeOneFirst(sql.type(z.object({ id: z.number() }))`
    select s.id from skins s
    where s.listed and s.price_cents > 0 and s.author_id <> ${author}
      and not exists (select 1 from owned_skins o where o.skin_id = s.id and o.user_id in ${buyerAccountIds(author)})
    order by s.created_at desc, s.id limit 1`);
  if (wished !== null) {
    await setWished(app, {
      itemType: 'SKIN',
      itemId: wished,
      userId: author,
      wish: true,
      metadata,
      occurredAt: at,
    });
  }
}
