import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { registerUser } from '../../api/accounts/users.repository';
import { hashPassword } from '../../infra/auth/password-hashing';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts';
import { seedDemoAuthorSales } from './demo-author-sales';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoCoAuthors } from './demo-co-authors';
import { seedDemoDigests } from './demo-digests';
import { seedDemoDiscountCodes } from './demo-discount-codes';
import { seedDemoFollowsAndWishes } from './demo-follows-wishes';
import { seedDemoGifts } from './demo-gifts';
import { seedDemoModeration } from './demo-moderation';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoPayoutPreferences } from './demo-payout-preferences';
import { seedDemoSales } from './demo-sales';
import { seedDemoSkinVersions } from './demo-skin-versions';
import { seedDemoYourData } from './demo-your-data';

/**
 * Loads the demo data into an empty database, through the same calls real use goes through.
 * Returns false when the database already holds data (nothing is touched then). The demo's story,
 * one step a line: the three demo accounts register; the authors publish their skins and bundles
 * over the past months, and while the catalogue is loaded six months of sales and payouts run, and
 * moderation has its reports; then the digests, the skin versions, the notifications, the follows
 * and wishes, the discount codes (one redeemed by a guest's order, one expired), today's early payouts of `author` and vanDijkLines with a late refund and their quarterly schedules; a co-authored skin and its sale; last, each account's creation moves to before its first activity.
 */
export async function seedDemoData(app: AppContext): Promise<boolean> {
  if (!(await databaseIsEmpty(app))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = await registerDemoAccounts(app, passwordHash);
  await seedDemoCatalogue(app, accounts, {
    passwordHash,
    sales: async (catalogue) => {
      const downloads = await seedDemoSales(app, catalogue, accounts);
      await seedDemoModeration(app, catalogue, accounts, passwordHash);
      return downloads;
    },
  });
  await seedDemoDigests(app, accounts);
  await seedDemoSkinVersions(app, accounts);
  await seedDemoNotifications(app, accounts);
  await seedDemoFollowsAndWishes(app, accounts);
  await seedDemoDiscountCodes(app, accounts);
  await seedDemoYourData(app, accounts);
  await seedDemoAuthorSales(app, accounts);
  await seedDemoPayoutPreferences(app, accounts);
  await seedDemoCoAuthors(app);
  await seedDemoGifts(app, accounts);
  await backdateMembers(app);
  app.log.info({ accounts: demoAccounts.map((a) => a.username) }, 'demo data loaded');
  return true;
}

/** No account and no event yet: the demo is seeded only into a database that holds nothing. */
async function databaseIsEmpty(app: AppContext): Promise<boolean> {
  return app.pool.oneFirst(sql.type(z.object({ empty: z.boolean() }))`
    select not exists (select 1 from users) and not exists (select 1 from streams) as empty`);
}

/** The demo accounts of the API contract register, with the demo password and a verified email. */
async function registerDemoAccounts(
  app: AppContext,
  passwordHash: string,
): Promise<{ admin: number; author: number; player: number }> {
  const ids: Record<string, number> = {};
  for (const account of demoAccounts) {
    const result = await registerUser(app.pool, {
      username: account.username,
      email: account.email,
      passwordHash,
      country: account.country,
      subscribedToNews: false,
      roles: [...account.roles],
      emailVerified: true,
    });
    if (!('user' in result)) throw new Error(`Demo account ${account.username}: ${result.taken} taken`);
    ids[account.username] = result.user.id;
  }
  return { admin: ids.admin!, author: ids.author!, player: ids.player! };
}

/**
 * The demo people register at seeding time, while their skins, bundles, comments, votes and orders
 * are spread over the past months: each account's creation moves to before its first activity, so
 * an author page's "Member since" precedes the author's skins. Someone first active this week joined
 * two hours before (the blocked spammer's story); the others 3 to 47 days before (spread by id, so a
 * reseed gives the same dates). Never later than the account's own date; the per-day counts of new
 * accounts follow through their update trigger.
 */
async function backdateMembers(app: AppContext): Promise<void> {
  const now = app.now().toISOString();
  await app.pool.query(sql.unsafe`
    with activity as (
      select user_id, min(at) as first_at from (
        select author_id as user_id, created_at as at from skins
        union all select author_id, created_at from bundles
        union all select user_id, created_at from comments
        union all select user_id, rated_at from skin_ratings
        union all select buyer_user_id, placed_at from orders where buyer_user_id is not null
      ) done
      group by user_id
    )
    update users u set created_at = least(u.created_at, case
      when a.first_at > ${now}::timestamptz - interval '7 days' then a.first_at - interval '2 hours'
      else a.first_at - make_interval(days => 3 + (u.id * 7919 % 45)::int)
    end)
    from activity a
    where a.user_id = u.id and not u.anonymous`);
}
