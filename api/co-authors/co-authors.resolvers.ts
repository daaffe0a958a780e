import { z } from 'zod';
import { previewSplit } from '../../domain/co-authors/author-share-split';
import { MAX_AUTHORS, MAX_WEIGHT, MIN_WEIGHT } from '../../domain/co-authors/co-author.decider';
import { DomainError } from '../../domain/errors';
import { centsToEuros } from '../../domain/money';
import type { OrderItemType } from '../../domain/orders/order.events';
import { userViewOf } from '../accounts/accounts.resolvers';
import { usersByIds } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { isAdmin, requireViewer, type RequestContext } from '../auth/viewer';
import { bundleOf, itemsInOrder, type ItemsByIds } from '../catalogue/bundles-authors.resolvers';
import { bundlesByIds } from '../catalogue/bundles.repository';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import { existingItem, runCoAuthorCommand, type CoAuthorRequest } from './co-author.handler';
import {
  authorsOfItems,
  coAuthoredItemIds,
  invitationsOf,
  recentSalesOf,
  type ItemAuthorRow,
} from './co-authors.repository';

/** How far back the preview of new weights looks. */
export const PREVIEW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const itemArgs = z.object({ itemType: z.enum(['SKIN', 'BUNDLE']), itemId: id });
const weightsArg = z
  .array(z.object({ authorId: id, weight: z.number().int() }))
  .max(MAX_AUTHORS, `An item has at most ${MAX_AUTHORS} authors, you included.`);
const inviteArgs = itemArgs.extend({
  username: z.string().trim().min(1, 'Give the username of the person to invite.').max(100),
  weight: z.number().int(),
});
const answerArgs = itemArgs.extend({ accept: z.boolean() });
const weightsArgs = itemArgs.extend({ weights: weightsArg });
const removeArgs = itemArgs.extend({ authorId: id });

type Item = { itemType: OrderItemType; itemId: number };
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The item's author rows; an item nobody was invited to is its owner alone, at weight 1. */
async function authorRowsOf(pool: AppContext['pool'], item: Item, ownerId: number): Promise<ItemAuthorRow[]> {
  const rows = await authorsOfItems(pool, item.itemType, [item.itemId]);
  if (rows.length > 0) return rows;
  return [
    {
      item_type: item.itemType,
      item_id: item.itemId,
      author_id: ownerId,
      role: 'OWNER',
      weight: 1,
      invited_at: null,
      accepted_at: null,
    },
  ];
}

/** The item's authors as its owner, co-authors, invitees and admins see them; FORBIDDEN for others. */
async function itemCoAuthorsFor(context: RequestContext, item: Item) {
  const viewer = requireViewer(context.viewer);
  const found = await existingItem(context.services, item);
  const rows = await authorRowsOf(context.services.pool, item, found.author_id);
  if (!isAdmin(viewer) && !rows.some((row) => row.author_id === viewer.id)) {
    throw new DomainError('FORBIDDEN', 'Only the authors of this item and admins see its co-authors.');
  }
  const users = await usersByIds(
    context.services.pool,
    rows.map((row) => row.author_id),
  );
  return {
    itemType: item.itemType,
    itemId: item.itemId,
    title: found.title,
    viewerIsOwner: found.author_id === viewer.id,
    authors: rows.flatMap((row) => {
      const user = users.get(row.author_id);
      return user
        ? [
            {
              author: userViewOf(user, context),
              role: row.role,
              weight: row.weight,
              invitedAt: iso(row.invited_at),
              acceptedAt: iso(row.accepted_at),
            },
          ]
        : [];
    }),
    maxAuthors: MAX_AUTHORS,
    minWeight: MIN_WEIGHT,
    maxWeight: MAX_WEIGHT,
  };
}

async function run(context: RequestContext, item: Item, request: CoAuthorRequest) {
  const viewer = requireViewer(context.viewer);
  const state = await runCoAuthorCommand(context.services, viewer.id, item, request, {
    metadata: { actor: { userId: viewer.id }, correlationId: context.request.id },
  });
  // Item and author pages name the co-authors and are cached for everyone: drop them now.
  context.services.responseCache.invalidate();
  return state;
}

const objectItem = (args: { itemType: OrderItemType; itemId: number }): Item => ({
  itemType: args.itemType,
  itemId: args.itemId,
});

export const coAuthorsResolvers = {
  Query: {
    itemCoAuthors: (_root: unknown, rawArgs: unknown, context: RequestContext) =>
      itemCoAuthorsFor(context, objectItem(itemArgs.parse(rawArgs))),
    coAuthorSplitPreview: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const args = weightsArgs.parse(rawArgs);
      const item = objectItem(args);
      const found = await existingItem(context.services, item);
      if (found.author_id !== viewer.id && !isAdmin(viewer)) {
        throw new DomainError('FORBIDDEN', 'Only the owner of this item previews its split.');
      }
      const rows = (await authorRowsOf(context.services.pool, item, found.author_id)).filter(
        (row) => row.role !== 'INVITED',
      );
      const asked = new Map(args.weights.map((w) => [w.authorId, w.weight]));
      for (const weight of asked.values()) {
        if (weight < MIN_WEIGHT || weight > MAX_WEIGHT) {
          throw new DomainError(
            'BAD_USER_INPUT',
            `A weight is a whole number from ${MIN_WEIGHT} to ${MAX_WEIGHT}.`,
            'weights',
          );
        }
      }
      const to = context.services.now();
      const from = new Date(to.getTime() - PREVIEW_DAYS * DAY_MS);
      const sales = await recentSalesOf(context.services.pool, item, from);
      const current = previewSplit(
        sales,
        rows.map((row) => ({ authorId: row.author_id, weight: row.weight })),
      );
      const preview = previewSplit(
        sales,
        rows.map((row) => ({ authorId: row.author_id, weight: asked.get(row.author_id) ?? row.weight })),
      );
      const users = await usersByIds(
        context.services.pool,
        rows.map((row) => row.author_id),
      );
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        saleCount: sales.length,
        authorShare: centsToEuros(sales.reduce((sum, sale) => sum + sale.authorShareCents, 0)),
        lines: rows.flatMap((row, index) => {
          const user = users.get(row.author_id);
          if (!user) return [];
          return [
            {
              author: userViewOf(user, context),
              weight: preview[index]?.weight ?? row.weight,
              currentWeight: row.weight,
              current: centsToEuros(current[index]?.cents ?? 0),
              preview: centsToEuros(preview[index]?.cents ?? 0),
            },
          ];
        }),
      };
    },
    myCoAuthorInvitations: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const rows = await invitationsOf(context.services.pool, viewer.id);
      const owners = await usersByIds(
        context.services.pool,
        rows.map((row) => row.owner_id),
      );
      return rows.flatMap((row) => {
        const owner = owners.get(row.owner_id);
        return owner
          ? [
              {
                itemType: row.item_type,
                itemId: row.item_id,
                title: row.title,
                owner: userViewOf(owner, context),
                weight: row.weight,
                invitedAt: iso(row.invited_at),
              },
            ]
          : [];
      });
    },
  },
  Mutation: {
    inviteCoAuthor: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = inviteArgs.parse(rawArgs);
      await run(context, objectItem(args), { kind: 'invite', username: args.username, weight: args.weight });
      return itemCoAuthorsFor(context, objectItem(args));
    },
    answerCoAuthorInvitation: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = answerArgs.parse(rawArgs);
      const state = await run(context, objectItem(args), { kind: 'answer', accept: args.accept });
      const viewerId = context.viewer?.id;
      return state.members.some((m) => m.authorId === viewerId && m.status === 'ACCEPTED');
    },
    setCoAuthorWeights: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = weightsArgs.parse(rawArgs);
      await run(context, objectItem(args), { kind: 'setWeights', weights: args.weights });
      return itemCoAuthorsFor(context, objectItem(args));
    },
    removeCoAuthor: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = removeArgs.parse(rawArgs);
      await run(context, objectItem(args), { kind: 'remove', authorId: args.authorId });
      return itemCoAuthorsFor(context, objectItem(args));
    },
    leaveCoAuthorship: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = itemArgs.parse(rawArgs);
      await run(context, objectItem(args), { kind: 'leave' });
      return true;
    },
  },
};

type Query<T> = { obj: T; params: unknown };

/** The accepted co-authors of each item of the answer, one query for the rows and one for the users. */
function coAuthorsLoader(itemType: OrderItemType) {
  return async (queries: Query<{ id: number }>[], context: RequestContext) => {
    const rows = (
      await authorsOfItems(
        context.services.pool,
        itemType,
        queries.map((q) => q.obj.id),
      )
    ).filter((row) => row.role === 'ACCEPTED');
    const users = await usersByIds(
      context.services.pool,
      rows.map((row) => row.author_id),
    );
    return queries.map((q) =>
      rows
        .filter((row) => row.item_id === q.obj.id)
        .flatMap((row) => {
          const user = users.get(row.author_id);
          return user && !user.blocked && !user.anonymous ? [userViewOf(user, context)] : [];
        }),
    );
  };
}

/**
 * The items of one type each author of the answer co-authors (accepted), newest acceptance first, as
 * the catalogue shows them to this viewer: one query for the pairs and one for the items.
 */
function coAuthoredItemsLoader<Row extends { id: number }, View>(
  itemType: OrderItemType,
  itemsByIds: ItemsByIds<Row>,
  viewOf: (row: Row) => View,
) {
  return async (queries: Query<{ id: number }>[], context: RequestContext) => {
    const pairs = await coAuthoredItemIds(
      context.services.pool,
      itemType,
      queries.map((q) => q.obj.id),
    );
    return itemsInOrder(
      queries,
      pairs.map((p) => ({ ownerId: p.authorId, itemId: p.itemId })),
      context,
      itemsByIds,
      viewOf,
    );
  };
}

/** Mercurius loaders: each field in a fixed number of queries for the whole answer. */
export const coAuthorsLoaders = {
  Skin: { coAuthors: coAuthorsLoader('SKIN') },
  Bundle: { coAuthors: coAuthorsLoader('BUNDLE') },
  Author: {
    coAuthoredSkins: coAuthoredItemsLoader('SKIN', skinsByIds, skinOf),
    coAuthoredBundles: coAuthoredItemsLoader('BUNDLE', bundlesByIds, bundleOf),
  },
};
