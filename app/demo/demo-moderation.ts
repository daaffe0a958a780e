import type { AppContext } from '../../api/app-context';
import { storeAvatar } from '../../api/accounts/avatar';
import { registerUser, updateProfile } from '../../api/accounts/users.repository';
import { insertComment } from '../../api/catalogue/catalogue.writes';
import { setAccountBlocked } from '../../api/moderation/account-blocks.handler';
import { moderateItem } from '../../api/moderation/item-moderation.handler';
import type { ReportReason } from '../../domain/moderation/moderation.schemas';
import type { Session } from '../../infra/auth/session-tokens';
import { authorAvatar } from './demo-artwork';
import type { DemoCatalogue } from './demo-catalogue';

const DAY = 24 * 60 * 60 * 1000;
const metadata = { correlationId: 'demo-seed' };

/** Enough of a session for the handlers, which read only who acts and their roles. */
const sessionOf = (id: number, username: string, roles: string[]): Session => ({
  id,
  name: username,
  username,
  email: `${username}@trackskins.local`,
  language: 'en',
  country: null,
  roles,
  emailVerified: true,
  sv: 0,
  exp: 0,
});

/**
 * The moderation a newcomer finds as `admin`: open reports in the queue (a spam comment, a skin
 * whose screenshots players dispute), a comment removed and a report dismissed earlier, and a
 * blocked spam account, all through the same handlers (and events) as real use.
 */
export async function seedDemoModeration(
  app: AppContext,
  catalogue: DemoCatalogue,
  accounts: { admin: number; player: number },
  passwordHash: string,
): Promise<void> {
  const admin = sessionOf(accounts.admin, 'admin', ['regular', 'admin']);
  const user = (username: string) => {
    const found = catalogue.users.get(username);
    if (!found) throw new Error(`Unknown demo user ${username}`);
    return sessionOf(found.id, username, ['regular']);
  };
  const player = sessionOf(accounts.player, 'player', ['regular']);
  const players = ['checkpoint_chaser', 'nocturne_tm', 'pixelpilot', 'ghostlap_au', 'slowmo_sam'].map(user);
  const report = (
    who: Session,
    itemType: 'SKIN' | 'COMMENT',
    itemId: number,
    reason: ReportReason,
    text = '',
  ) => moderateItem(app, who, { itemType, itemId }, { kind: 'report', reason, text }, metadata);

  // A spammer who registered this week, posted a spam link and was blocked.
  const spammer = await registerUser(app.pool, {
    username: 'free_coins_4u',
    email: 'free_coins_4u@trackskins.local',
    passwordHash,
    country: 'us',
    subscribedToNews: false,
    emailVerified: true,
  });
  if (!('user' in spammer)) throw new Error('Demo spammer: name taken');
  await updateProfile(app.pool, spammer.user.id, {
    avatarFilename: await storeAvatar(app.storage, await authorAvatar('free_coins_4u', '$')),
  });
  const newest = [...catalogue.skins].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const [first, second, third] = newest;
  if (!first || !second || !third) throw new Error('The demo catalogue has too few skins');
  const spamAt = (daysAgo: number) => new Date(catalogue.now - daysAgo * DAY);
  const blockedSpam = await insertComment(app.pool, {
    skinId: first.id,
    userId: spammer.user.id,
    text: 'FREE club access + coins!!! visit free-coins.example now',
    createdAt: spamAt(2),
  });
  await report(players[0]!, 'COMMENT', blockedSpam, 'SPAM');
  await moderateItem(
    app,
    admin,
    { itemType: 'COMMENT', itemId: blockedSpam },
    { kind: 'take-down', reason: 'Spam link.', ground: 'HARASSMENT_OR_SPAM' },
    metadata,
  );
  await setAccountBlocked(
    app,
    admin,
    spammer.user.id,
    { block: true, reason: 'Spam links in comments on several skins.', ground: 'HARASSMENT_OR_SPAM' },
    metadata,
  );

  // A comment an admin removed after a report, and one whose report was dismissed.
  const rude = await insertComment(app.pool, {
    skinId: second.id,
    userId: user('slowmo_sam').id,
    text: 'Whoever made this has no taste, uninstall the game.',
    createdAt: spamAt(5),
  });
  await report(players[1]!, 'COMMENT', rude, 'HARASSMENT', 'Insults the author.');
  await moderateItem(
    app,
    admin,
    { itemType: 'COMMENT', itemId: rude },
    {
      kind: 'take-down',
      reason: 'Insults the author; comments must stay civil.',
      ground: 'HARASSMENT_OR_SPAM',
    },
    metadata,
  );
  const selfPromotion = await insertComment(app.pool, {
    skinId: second.id,
    userId: user('pixelpilot').id,
    text: 'I made a matching helmet for this, see my author page.',
    createdAt: spamAt(4),
  });
  await report(players[3]!, 'COMMENT', selfPromotion, 'SPAM');
  await moderateItem(
    app,
    admin,
    { itemType: 'COMMENT', itemId: selfPromotion },
    { kind: 'dismiss-reports', note: 'Pointing to one’s own related work is fine.' },
    metadata,
  );

  // Open in the queue: a spam comment reported twice, and a skin reported as misleading.
  const openSpam = await insertComment(app.pool, {
    skinId: third.id,
    userId: user('ghostlap_au').id,
    text: 'Selling cheap accounts, message me on discord',
    createdAt: spamAt(1),
  });
  await report(player, 'COMMENT', openSpam, 'SPAM', 'Selling accounts.');
  await report(players[2]!, 'COMMENT', openSpam, 'SPAM');
  await report(players[4]!, 'SKIN', first.id, 'MISLEADING', 'The screenshots show a different car.');
  await report(players[2]!, 'SKIN', first.id, 'MISLEADING');
}
