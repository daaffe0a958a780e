import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { centsToEuros } from '../../domain/money';
import { userViewLoader } from '../accounts/accounts.resolvers';
import type { AppContext } from '../app-context';
import { requireRoles, requireViewer, type RequestContext, type Viewer } from '../auth/viewer';
import { pageOf, pageRequest } from '../graphql/paging';
import {
  accountDeletionPreview,
  deleteAccountOnRequest,
  deleteOwnAccount,
  eraseGuestBuyerOnRequest,
} from './account-deletion.handler';
import { listAccountDeletions, type DeletionLogRow } from './account-deletion.writes';

const ADMIN_LIST_SIZE = 20;

const deleteMyAccountArgs = z.object({
  input: z.object({
    username: z.string().trim().min(1, 'Type your username.').max(100),
    password: z.string().min(1, 'Type your password.').max(200),
    giveUpEarnings: z.boolean().nullish(),
  }),
});
const deleteAccountArgs = z.object({
  input: z.object({
    userId: z.coerce.number().int().positive(),
    reason: z.string().trim().min(5, 'Say which request this answers (at least 5 characters).').max(500),
    giveUpEarnings: z.boolean().nullish(),
  }),
});
const requestReason = z
  .string()
  .trim()
  .min(5, 'Say which request this answers (at least 5 characters).')
  .max(500);
const eraseGuestBuyerArgs = z.object({
  input: z
    .object({
      email: z.string().trim().email('Type the email address the guest bought with.').max(254).nullish(),
      orderNumber: z.string().trim().min(1).max(64).nullish(),
      reason: requestReason,
    })
    .refine((input) => Boolean(input.email) !== Boolean(input.orderNumber), {
      message: 'Give either the email address or an order number.',
      path: ['email'],
    }),
});

/** Deleting an account and reading what it would do: from a browser session only, never with an API token. */
function requireSession(viewer: Viewer) {
  const session = requireViewer(viewer);
  if (session.apiToken) {
    throw new DomainError('FORBIDDEN', 'Deleting an account is done from a signed-in browser session only.');
  }
  return session;
}

type DeletionObject = {
  userId: string;
  deletedAt: string;
  by: string;
  adminId: number | null;
  reason: string | null;
  earningsGivenUp: number;
  guestBuyer: boolean;
};
const deletionOf = (row: DeletionLogRow): DeletionObject => ({
  userId: String(row.user_id),
  deletedAt: row.deleted_at,
  by: row.by_whom,
  adminId: row.admin_id,
  reason: row.reason,
  earningsGivenUp: centsToEuros(row.earnings_given_up_cents),
  guestBuyer: row.guest_buyer,
});

export const accountDataLoaders = {
  AccountDeletion: { admin: userViewLoader((deletion: DeletionObject) => deletion.adminId) },
};

export function accountDataResolvers(app: AppContext) {
  const metadataOf = (context: RequestContext) => ({ correlationId: context.request.id });
  return {
    Query: {
      myAccountDeletionPreview: async (_root: unknown, _args: unknown, context: RequestContext) => {
        const session = requireSession(context.viewer);
        const { obstacles, counts } = await accountDeletionPreview(app, session.id);
        return {
          mustFinish: obstacles.mustFinish,
          earningsGivenUp: centsToEuros(obstacles.earningsGivenUpCents),
          invoices: counts.invoices,
          creditNotes: counts.credit_notes,
          payouts: counts.payouts,
          publishedSkins: counts.published_skins,
          publishedBundles: counts.published_bundles,
          comments: counts.comments,
          ratings: counts.ratings,
        };
      },
      accountDeletions: async (_root: unknown, args: { page?: unknown }, context: RequestContext) => {
        requireSession(context.viewer);
        requireRoles(context.viewer, 'admin');
        const page = pageRequest(args.page, ADMIN_LIST_SIZE);
        const { rows, total } = await listAccountDeletions(app.pool, page);
        return pageOf(rows.map(deletionOf), total, page);
      },
    },
    Mutation: {
      deleteMyAccount: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const session = requireSession(context.viewer);
        const { input } = deleteMyAccountArgs.parse(rawArgs);
        await deleteOwnAccount(
          app,
          session,
          {
            username: input.username,
            password: input.password,
            giveUpEarnings: input.giveUpEarnings === true,
          },
          metadataOf(context),
        );
        return { id: String(session.id), success: true };
      },
      deleteAccount: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireSession(context.viewer);
        const admin = requireRoles(context.viewer, 'admin');
        const { input } = deleteAccountArgs.parse(rawArgs);
        await deleteAccountOnRequest(
          app,
          admin,
          input.userId,
          { reason: input.reason, giveUpEarnings: input.giveUpEarnings === true },
          metadataOf(context),
        );
        return { id: String(input.userId), success: true };
      },
      eraseGuestBuyer: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireSession(context.viewer);
        const admin = requireRoles(context.viewer, 'admin');
        const { input } = eraseGuestBuyerArgs.parse(rawArgs);
        const reference = input.email ? { email: input.email } : { orderNumber: input.orderNumber ?? '' };
        const { orders } = await eraseGuestBuyerOnRequest(
          app,
          admin,
          reference,
          input.reason,
          metadataOf(context),
        );
        return { success: true, orders };
      },
    },
  };
}
