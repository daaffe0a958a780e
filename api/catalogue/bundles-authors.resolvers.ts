import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { DELETED_USER_NAME, userViewLoader } from '../accounts/accounts.resolvers';
import { avatarOf } from '../accounts/avatar';
import type { Queryable } from '../../infra/db/pool';
import { isAdmin, type RequestContext } from '../auth/viewer';
import { pageOf, pageRequest, sortOf } from '../graphql/paging';
import {
  findAuthor,
  listAuthors,
  listComments,
  skinIdsOfAuthors,
  type AuthorRow,
  type CommentRow,
} from './authors.repository';
import {
  bundlesByIds,
  findBundleByUrl,
  listBundles,
  resourcesOfBundles,
  skinIdsOfBundles,
  type BundleRow,
} from './bundles.repository';
import { catalogueItemOf, resourceOf, skinOf } from './catalogue.resolvers';
import { namedForLoaders } from '../graphql/loader-key';
import { takeTurnIfHeavy } from '../graphql/heavy-query-gate';
import { resourcesOfSkins, skinsByIds, type Visibility } from './skins.repository';

// Page sizes of spec 7.2.
const BUNDLES_PAGE_SIZE = 10;
const AUTHORS_PAGE_SIZE = 16;
const COMMENTS_PAGE_SIZE = 10;
const GAMES = ['TM2020', 'TMNF', 'TM_TURBO', 'TM2', 'TMUF', 'TM_SUNRISE', 'TM'] as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const visibilityOf = (context: RequestContext): Visibility => ({
  viewerId: context.viewer?.id ?? null,
  admin: isAdmin(context.viewer),
});
const searchOf = (search: string | null | undefined) => (search?.trim() ? search.trim().slice(0, 100) : null);

export function commentOf(row: CommentRow) {
  return {
    id: row.id,
    text: row.text,
    createdAt: iso(row.created_at)!,
    userId: row.user_id,
    skinId: row.skin_id,
    bundleId: row.bundle_id,
  };
}
export type CommentObject = ReturnType<typeof commentOf>;

export function bundleOf(row: BundleRow) {
  return namedForLoaders(catalogueItemOf(row), `bundle:${row.id}`);
}
type BundleObject = ReturnType<typeof bundleOf>;

export function authorOf(row: AuthorRow) {
  if (row.deleted_at !== null) {
    // A deleted account (a follow of it stays on its follower's list): nothing that leads back to
    // the person, as for any User of a deleted account (userViewOf).
    return {
      id: row.id,
      url: '',
      username: DELETED_USER_NAME,
      country: null,
      avatar: null,
      description: null,
      facebook: null,
      twitter: null,
      twitch: null,
      instagram: null,
      discord: null,
      website: null,
      createdAt: iso(row.created_at),
      skinCount: row.skin_count,
    };
  }
  return {
    id: row.id,
    url: row.url,
    username: row.username,
    country: row.country,
    avatar: avatarOf(row.avatar_filename),
    description: row.description,
    facebook: row.facebook,
    twitter: row.twitter,
    twitch: row.twitch,
    instagram: row.instagram,
    discord: row.discord,
    website: row.website,
    createdAt: iso(row.created_at),
    skinCount: row.skin_count,
  };
}
type AuthorObject = ReturnType<typeof authorOf>;

const bundleListArgs = z.object({
  search: z.string().max(100).nullish(),
  type: z.enum(GAMES).nullish(),
  page: z.unknown().optional(),
});
const BUNDLE_SORTS = { createdAt: 'createdAt', price: 'price', title: 'title', author: 'author' } as const;

export const bundlesAuthorsResolvers = {
  Query: {
    bundle: async (_root: unknown, args: { url: string }, context: RequestContext) => {
      const row = await findBundleByUrl(context.services.pool, args.url.slice(0, 200), visibilityOf(context));
      return row ? bundleOf(row) : null;
    },
    bundles: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = bundleListArgs.parse(rawArgs);
      const page = pageRequest(args.page, BUNDLES_PAGE_SIZE);
      const sort = sortOf(page.sortBy, BUNDLE_SORTS, 'createdAt');
      // Spec 7.2: createdAt descending, any other field ascending.
      const direction = page.sortDirection ?? (sort === 'createdAt' ? 'DESC' : 'ASC');
      const { rows, total } = await listBundles(context.services.pool, {
        search: searchOf(args.search),
        game: args.type ?? null,
        sort,
        direction,
        page: page.page,
        size: page.size,
        includeHidden: isAdmin(context.viewer),
      });
      await takeTurnIfHeavy(context.request);
      return pageOf(rows.map(bundleOf), total, page);
    },
    bundlesById: async (_root: unknown, args: { ids: string[] }, context: RequestContext) => {
      const ids = z.array(z.coerce.number().int().positive()).max(100).parse(args.ids);
      const rows = await bundlesByIds(context.services.pool, ids, visibilityOf(context));
      await takeTurnIfHeavy(context.request);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [bundleOf(row)] : [];
      });
    },
    authors: async (
      _root: unknown,
      args: { search?: string | null; page?: unknown },
      context: RequestContext,
    ) => {
      const page = pageRequest(args.page, AUTHORS_PAGE_SIZE);
      const { rows, total } = await listAuthors(context.services.pool, {
        search: searchOf(args.search),
        page: page.page,
        size: page.size,
      });
      await takeTurnIfHeavy(context.request);
      return pageOf(rows.map(authorOf), total, page);
    },
    author: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const args = z
        .object({ url: z.string().nullish(), id: z.coerce.number().int().positive().nullish() })
        .parse(rawArgs);
      if ((args.url == null) === (args.id == null)) {
        throw new DomainError('BAD_USER_INPUT', 'Ask for an author by url or by id.', 'url');
      }
      const row = await findAuthor(
        context.services.pool,
        args.url != null ? { url: args.url.slice(0, 200) } : { id: args.id! },
        { includeBlocked: isAdmin(context.viewer) },
      );
      return row ? authorOf(row) : null;
    },
    comments: async (
      _root: unknown,
      args: { skin?: string | null; bundle?: string | null; page?: unknown },
      context: RequestContext,
    ) => {
      const page = pageRequest(args.page, COMMENTS_PAGE_SIZE);
      const skinId = args.skin ? z.coerce.number().int().positive().parse(args.skin) : null;
      const bundleId = args.bundle ? z.coerce.number().int().positive().parse(args.bundle) : null;
      if ((skinId === null) === (bundleId === null)) {
        throw new DomainError('BAD_USER_INPUT', 'Ask for the comments of one skin or one bundle.', 'skin');
      }
      // Comments of what the viewer may not see are not shown either.
      const visible =
        skinId !== null
          ? (await skinsByIds(context.services.pool, [skinId], visibilityOf(context))).length > 0
          : (await bundlesByIds(context.services.pool, [bundleId!], visibilityOf(context))).length > 0;
      if (!visible) return pageOf([], 0, page);
      const { rows, total } = await listComments(
        context.services.pool,
        skinId !== null ? { skinId } : { bundleId: bundleId! },
        { ...page, includeRemoved: isAdmin(context.viewer) },
      );
      return pageOf(rows.map(commentOf), total, page);
    },
  },
};

type Query<T> = { obj: T; params: unknown };

/** A catalogue read of items by their ids, as this viewer may see them (skinsByIds, bundlesByIds). */
export type ItemsByIds<Row> = (
  db: Queryable,
  ids: readonly number[],
  visibility: Visibility,
) => Promise<Row[]>;

/**
 * The items of each owner (a bundle's skins, an author's skins or co-authored items) in the pairs'
 * order, read by `itemsByIds` in one query and leaving out what the viewer may not see.
 */
export async function itemsInOrder<Row extends { id: number }, View>(
  queries: Query<{ id: number }>[],
  pairs: { ownerId: number; itemId: number }[],
  context: RequestContext,
  itemsByIds: ItemsByIds<Row>,
  viewOf: (row: Row) => View,
) {
  const rows = await itemsByIds(
    context.services.pool,
    [...new Set(pairs.map((p) => p.itemId))],
    visibilityOf(context),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return queries.map((q) =>
    pairs
      .filter((pair) => pair.ownerId === q.obj.id)
      .flatMap((pair) => {
        const row = byId.get(pair.itemId);
        return row ? [viewOf(row)] : [];
      }),
  );
}

export const bundlesAuthorsLoaders = {
  Bundle: {
    author: userViewLoader((bundle: BundleObject) => bundle.authorId),
    resources: async (queries: Query<BundleObject>[], context: RequestContext) => {
      const rows = await resourcesOfBundles(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => rows.filter((row) => row.bundle_id === q.obj.id).map(resourceOf));
    },
    thumbnail: async (queries: Query<BundleObject>[], context: RequestContext) => {
      const bundleIds = queries.map((q) => q.obj.id);
      const [own, pairs] = await Promise.all([
        resourcesOfBundles(context.services.pool, bundleIds),
        skinIdsOfBundles(context.services.pool, bundleIds),
      ]);
      // A bundle without pictures of its own shows its first skin's thumbnail.
      const skinImages = await resourcesOfSkins(context.services.pool, [
        ...new Set(pairs.map((p) => p.skinId)),
      ]);
      return queries.map((q) => {
        const image =
          own.find((row) => row.bundle_id === q.obj.id && row.type === 'IMAGE') ??
          pairs
            .filter((pair) => pair.bundleId === q.obj.id)
            .map((pair) => skinImages.find((row) => row.skin_id === pair.skinId && row.type === 'IMAGE'))
            .find(Boolean);
        return image ? resourceOf(image) : null;
      });
    },
    skins: async (queries: Query<BundleObject>[], context: RequestContext) => {
      const pairs = await skinIdsOfBundles(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return itemsInOrder(
        queries,
        pairs.map((p) => ({ ownerId: p.bundleId, itemId: p.skinId })),
        context,
        skinsByIds,
        skinOf,
      );
    },
  },
  Author: {
    skins: async (queries: Query<AuthorObject>[], context: RequestContext) => {
      const pairs = await skinIdsOfAuthors(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return itemsInOrder(
        queries,
        pairs.map((p) => ({ ownerId: p.authorId, itemId: p.skinId })),
        context,
        skinsByIds,
        skinOf,
      );
    },
  },
  Comment: {
    user: userViewLoader((comment: { userId: number }) => comment.userId),
  },
};
