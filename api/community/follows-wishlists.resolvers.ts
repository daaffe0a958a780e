import { z } from 'zod';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { authorOf, bundleOf } from '../catalogue/bundles-authors.resolvers';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { pageOf, pageRequest } from '../graphql/paging';
import { setFollowing } from './set-following.handler';
import { setWished } from './set-wished.handler';
import {
  followedAmong,
  followerCounts,
  listFollowedAuthors,
  listWishlist,
  newestSkinsOfFollowedAuthors,
  wishedAmong,
  wishedItemIds,
} from './follows-wishlists.repository';

const PAGE_SIZE = 12;
const VIEWER_WISHES_MAX = 500;
const idsArg = z.object({ ids: z.array(z.coerce.number().int().positive()).max(100) });
const authorArg = z.object({ authorId: z.number().int().positive() });
const itemArgs = z.object({ itemType: z.enum(['SKIN', 'BUNDLE']), itemId: z.number().int().positive() });
const lengthArg = z.object({ length: z.number().int().min(1).max(12).nullish() });

type Query<T> = { obj: T; params: unknown };
const iso = (ms: number) => new Date(ms).toISOString();

const metadataOf = (context: RequestContext, userId: number) => ({
  actor: { userId },
  correlationId: context.request.id,
});

async function follow(rawArgs: unknown, context: RequestContext, wanted: boolean) {
  const viewer = requireViewer(context.viewer);
  await context.services.limits.follows.hit(viewer.id);
  const { authorId } = authorArg.parse(rawArgs);
  const following = await setFollowing(context.services, {
    authorId,
    userId: viewer.id,
    follow: wanted,
    metadata: metadataOf(context, viewer.id),
  });
  // The follower count is on the cached author pages: drop them now, before the commit's notice arrives.
  context.services.responseCache.invalidate();
  const counts = await followerCounts(context.services.pool, [authorId]);
  return { authorId, following, followerCount: counts.get(authorId) ?? 0 };
}

async function wish(rawArgs: unknown, context: RequestContext, wanted: boolean) {
  const viewer = requireViewer(context.viewer);
  await context.services.limits.wishes.hit(viewer.id);
  const { itemType, itemId } = itemArgs.parse(rawArgs);
  const wished = await setWished(context.services, {
    userId: viewer.id,
    itemType,
    itemId,
    wish: wanted,
    metadata: metadataOf(context, viewer.id),
  });
  return { itemType, itemId, wished };
}

export const followsWishlistsResolvers = {
  Query: {
    viewerAuthorStates: (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      requireViewer(context.viewer);
      return [...new Set(idsArg.parse(rawArgs).ids)].map((id) => ({ id }));
    },
    viewerWishes: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const items = await wishedItemIds(context.services.pool, viewer.id, VIEWER_WISHES_MAX);
      return {
        skinIds: items.filter((item) => item.itemType === 'SKIN').map((item) => item.itemId),
        bundleIds: items.filter((item) => item.itemType === 'BUNDLE').map((item) => item.itemId),
      };
    },
    myFollowing: async (_root: unknown, args: { page?: unknown }, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const page = pageRequest(args.page, PAGE_SIZE);
      const { rows, total } = await listFollowedAuthors(context.services.pool, {
        userId: viewer.id,
        page: page.page,
        size: page.size,
      });
      return pageOf(
        rows.map((row) => ({ author: authorOf(row), followedAt: iso(row.followed_at) })),
        total,
        page,
      );
    },
    myWishlist: async (_root: unknown, args: { page?: unknown }, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const page = pageRequest(args.page, PAGE_SIZE);
      const { rows, total } = await listWishlist(context.services.pool, {
        userId: viewer.id,
        page: page.page,
        size: page.size,
      });
      return pageOf(
        rows.map((row) => ({
          itemType: row.itemType,
          wishedAt: iso(row.wishedAt),
          skin: row.skin ? skinOf(row.skin) : null,
          bundle: row.bundle ? bundleOf(row.bundle) : null,
        })),
        total,
        page,
      );
    },
    fromFollowedAuthors: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      // Anonymous visitors follow nobody: an empty row, never an error.
      if (!context.viewer) return [];
      const length = lengthArg.parse(rawArgs ?? {}).length ?? 8;
      const rows = await newestSkinsOfFollowedAuthors(context.services.pool, context.viewer.id, length);
      return rows.map(skinOf);
    },
  },
  Mutation: {
    followAuthor: (_root: unknown, rawArgs: unknown, context: RequestContext) =>
      follow(rawArgs, context, true),
    unfollowAuthor: (_root: unknown, rawArgs: unknown, context: RequestContext) =>
      follow(rawArgs, context, false),
    wishItem: (_root: unknown, rawArgs: unknown, context: RequestContext) => wish(rawArgs, context, true),
    unwishItem: (_root: unknown, rawArgs: unknown, context: RequestContext) => wish(rawArgs, context, false),
  },
};

/** Mercurius loaders: each field in one query for every id of the answer. */
export const followsWishlistsLoaders = {
  Author: {
    followerCount: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      const counts = await followerCounts(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => counts.get(q.obj.id) ?? 0);
    },
  },
  ViewerAuthorState: {
    following: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const followed = await followedAmong(
        context.services.pool,
        viewer.id,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => followed.has(q.obj.id));
    },
  },
  ViewerSkinState: { wished: wishedLoader('SKIN') },
  ViewerBundleState: { wished: wishedLoader('BUNDLE') },
};

function wishedLoader(itemType: 'SKIN' | 'BUNDLE') {
  return async (queries: Query<{ id: number }>[], context: RequestContext) => {
    const viewer = requireViewer(context.viewer);
    const wished = await wishedAmong(
      context.services.pool,
      viewer.id,
      itemType,
      queries.map((q) => q.obj.id),
    );
    return queries.map((q) => wished.has(q.obj.id));
  };
}
