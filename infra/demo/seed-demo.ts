import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { registerUser } from '../../api/accounts/users.repository';
import { hashPassword } from '../auth/password-hashing';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoModeration } from './demo-moderation';
import { seedDemoSales } from './demo-sales';

export const DEMO_PASSWORD = 'demo-password';

/** The demo accounts of the API contract, printed at start. */
export const demoAccounts = [
  {
    username: 'admin',
    email: 'admin@trackskins.local',
    country: 'cz',
    roles: ['regular', 'admin'],
    note: 'admin area',
  },
  {
    username: 'author',
    email: 'author@trackskins.local',
    country: 'de',
    roles: ['regular'],
    note: 'publishes skins',
  },
  {
    username: 'player',
    email: 'player@trackskins.local',
    country: 'fr',
    roles: ['regular'],
    note: 'browses and buys',
  },
] as const;

/**
 * Loads the demo data into an empty database, through the same calls real use goes through.
 * Returns false when the database already holds data (nothing is touched then).
 */
export async function seedDemoData(app: AppContext): Promise<boolean> {
  const isEmpty = await app.pool.oneFirst(sql.type(z.object({ empty: z.boolean() }))`
    select not exists (select 1 from users) and not exists (select 1 from streams) as empty`);
  if (!isEmpty) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
  const accounts = { admin: ids.admin!, author: ids.author!, player: ids.player! };
  await seedDemoCatalogue(app, accounts, {
    passwordHash,
    sales: async (catalogue) => {
      const downloads = await seedDemoSales(app, catalogue, accounts);
      await seedDemoModeration(app, catalogue, accounts, passwordHash);
      return downloads;
    },
  });
  app.log.info({ accounts: demoAccounts.map((a) => a.username) }, 'demo data loaded');
  return true;
}
