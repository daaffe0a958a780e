import { ROLE_DESCRIPTIONS, type Role } from '../../domain/accounts/roles';
import { updateMyUserSchema } from '../../domain/accounts/account.schemas';
import { DomainError } from '../../domain/errors';
import { sepaTextProblems } from '../../domain/payouts/payout-destination';
import { isAdmin, requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { pageOf, pageRequest } from '../graphql/paging';
import { relockFailedPayouts } from '../payouts/relock-failed-payouts.handler';
import { avatarOf, storeAvatar } from './avatar';
import {
  findUserById,
  listUsers,
  updateProfile,
  usersByIds,
  authorStatsOf,
  type ProfileChanges,
  type UserRow,
} from './users.repository';

const ADMIN_LIST_SIZE = 20;
const iso = (ms: number) => new Date(ms).toISOString();

export function privateUserOf(user: UserRow) {
  return {
    id: user.id,
    url: user.url,
    username: user.username,
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    fullname: user.fullname,
    country: user.country,
    language: user.language,
    avatar: avatarOf(user.avatar_filename),
    description: user.description,
    facebook: user.facebook,
    twitter: user.twitter,
    twitch: user.twitch,
    instagram: user.instagram,
    discord: user.discord,
    website: user.website,
    subscribedToNews: user.subscribed_to_news,
    payoutMethod: user.payout_method,
    paypalAccount: user.paypal_account,
    bankAccountIban: user.bank_account_iban,
    bankAccountBic: user.bank_account_bic,
    street: user.street,
    city: user.city,
    roles: user.roles.map((role) => ({
      id: role,
      name: role,
      description: ROLE_DESCRIPTIONS[role as Role] ?? null,
    })),
    createdAt: iso(user.created_at),
  };
}

/** What anyone may see of a user: a skin's author, a comment's writer. */
export type PublicUserFields = {
  id: number;
  url: string;
  username: string;
  country: string | null;
  avatarFilename: string | null;
};

export function publicUserViewOf(user: PublicUserFields) {
  return {
    id: user.id,
    url: user.url,
    username: user.username,
    country: user.country,
    avatar: avatarOf(user.avatarFilename),
    email: null,
    createdAt: null,
    modifiedAt: null,
    facebook: null,
    twitter: null,
    twitch: null,
    instagram: null,
    discord: null,
    website: null,
    anonymous: null,
    roles: null,
    blocked: null,
  };
}

/** Whether `viewer` sees more of this user than anyone does: admins, and the user themselves. */
export const seesPrivateFieldsOf = (userId: number, context: RequestContext) =>
  isAdmin(context.viewer) || context.viewer?.id === userId;

/** A user as `viewer` may see them: contact details and dates only for admins and themselves. */
/** What everyone sees in place of a deleted account (its comments stay, docs/account-deletion.md). */
export const DELETED_USER_NAME = 'deleted user';

export function userViewOf(user: UserRow, context: RequestContext) {
  if (user.deleted_at !== null) {
    // No link (an empty url), no picture, no flag: nothing that leads back to the person.
    return publicUserViewOf({
      id: user.id,
      url: '',
      username: DELETED_USER_NAME,
      country: null,
      avatarFilename: null,
    });
  }
  const view = publicUserViewOf({ ...user, avatarFilename: user.avatar_filename });
  if (!seesPrivateFieldsOf(user.id, context)) return view;
  return {
    ...view,
    email: user.email,
    createdAt: iso(user.created_at),
    modifiedAt: iso(user.modified_at),
    facebook: user.facebook,
    twitter: user.twitter,
    twitch: user.twitch,
    instagram: user.instagram,
    discord: user.discord,
    website: user.website,
    anonymous: user.anonymous,
    roles: user.roles,
    blocked: user.blocked,
  };
}

/**
 * A Mercurius loader of the user an object points at (a skin's author, a comment's writer, the
 * admin who acted), one query per answer; null when the object points at nobody.
 */
export function userViewLoader<T>(userIdOf: (obj: T) => number | null) {
  return async (queries: { obj: T }[], context: RequestContext) => {
    const ids = queries.map((q) => userIdOf(q.obj)).filter((id): id is number => id !== null);
    const users = await usersByIds(context.services.pool, ids);
    return queries.map((q) => {
      const userId = userIdOf(q.obj);
      const user = userId === null ? undefined : users.get(userId);
      return user ? userViewOf(user, context) : null;
    });
  };
}

async function currentUser(context: RequestContext): Promise<UserRow> {
  const session = requireViewer(context.viewer);
  const user = await findUserById(context.services.pool, session.id);
  if (!user) throw new DomainError('UNAUTHENTICATED', 'Your account no longer exists. Please log in again.');
  return user;
}

export const accountsResolvers = {
  PrivateUser: {
    authorStats: (user: { id: number }, _args: unknown, context: RequestContext) =>
      authorStatsOf(context.services.pool, user.id),
  },
  Query: {
    myUser: async (_root: unknown, _args: unknown, context: RequestContext) =>
      privateUserOf(await currentUser(context)),

    users: async (
      _root: unknown,
      args: {
        search?: string | null;
        includeAnonymous?: boolean | null;
        blocked?: boolean | null;
        page?: unknown;
      },
      context: RequestContext,
    ) => {
      requireRoles(context.viewer, 'admin');
      const page = pageRequest(args.page, ADMIN_LIST_SIZE);
      const search = args.search?.trim() ? args.search.trim().slice(0, 100) : null;
      const { rows, total } = await listUsers(context.services.pool, {
        search,
        includeAnonymous: args.includeAnonymous ?? false,
        blocked: args.blocked ?? null,
        page: page.page,
        size: page.size,
      });
      return pageOf(
        rows.map((row) => userViewOf(row, context)),
        total,
        page,
      );
    },
  },

  Mutation: {
    updateMyUser: async (_root: unknown, args: { dto: unknown }, context: RequestContext) => {
      const user = await currentUser(context);
      const { avatar, ...fields } = updateMyUserSchema.parse(args.dto);
      // A name or address changed alone, under bank transfers chosen earlier, meets the same SEPA
      // rule the schema applies when the method is sent along.
      if (fields.payoutMethod === undefined && user.payout_method === 'BANK_TRANSFER') {
        const problem = sepaTextProblems(fields)[0];
        if (problem) throw new DomainError('BAD_USER_INPUT', problem.message, problem.field);
      }
      const changes: ProfileChanges = { ...fields };
      if (avatar) changes.avatarFilename = await storeAvatar(context.services.storage, avatar.content);
      const updated = await updateProfile(context.services.pool, user.id, changes);
      // Corrected payout details send a failed payout on its way again.
      if (fields.payoutMethod !== undefined) {
        await relockFailedPayouts(context.services, user.id, {
          actor: { userId: user.id, role: 'regular' },
          correlationId: context.request.id,
        });
      }
      if (avatar && user.avatar_filename) {
        await context.services.storage
          .remove('public', user.avatar_filename)
          .catch((error) => context.request.log.warn({ err: error }, 'old avatar could not be removed'));
      }
      return privateUserOf(updated);
    },
  },
};
