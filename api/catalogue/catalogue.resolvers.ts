import { z } from 'zod';
import { priceFilterCents, priceFilterSchema } from '../../domain/catalog/price-filter';
import { ratingAverage } from '../../domain/ratings/rating.decider';
import { tagFilterOf } from '../../domain/catalog/tags.schemas';
import { DomainError } from '../../domain/errors';
import { imageVariantNames } from '../../infra/media/image-variants';
import { publicUserViewOf, seesPrivateFieldsOf, userViewLoader } from '../accounts/accounts.resolvers';
import { isAdmin, requireViewer, type RequestContext } from '../auth/viewer';
import { pageOf, pageRequest, sortOf } from '../graphql/paging';
import { namedForLoaders } from '../graphql/loader-key';
import { takeTurnIfHeavy } from '../graphql/heavy-query-gate';
import { rateSkin } from './rate-skin.handler';
import {
  findSkinByUrl,
  listSkins,
  resourcesOfSkins,
  skinsByIds,
  skinsOfTheMonth,
  statsOfSkins,
  variationsOfSkins,
  votesOf,
  type CatalogueItemRow,
  type ResourceRow,
  type SkinCardRow,
  type SkinRow,
  type SkinSort,
  type StatsRow,
  type Visibility,
} from './skins.repository';

const SKINS_PAGE_SIZE = 15;
const GAMES = ['TM2020', 'TMNF', 'TM_TURBO', 'TM2', 'TMUF', 'TM_SUNRISE', 'TM'] as const;
const SORTS: Record<string, SkinSort> = {
  createdAt: 'createdAt',
  author: 'author',
  'author.username': 'author',
  price: 'price',
  title: 'title',
  downloads: 'downloads',
  rating: 'rating',
  trending: 'trending',
  trendingWeek: 'trendingWeek',
  trendingMonth: 'trendingMonth',
  relevance: 'relevance',
};
/** Sorts whose natural order is the largest first. */
const DESCENDING_SORTS: ReadonlySet<SkinSort> = new Set([
  'createdAt',
  'downloads',
  'rating',
  'trending',
  'trendingWeek',
  'trendingMonth',
  'relevance',
]);
/** Trending: the downloads of the last 7 days, today included. */
const TRENDING_DAYS = 7;

const listArgs = z.object({
  search: z.string().max(100).nullish(),
  type: z.enum(GAMES).nullish(),
  page: z.unknown().optional(),
  tags: z
    .array(z.string().max(100))
    .max(20)
    .nullish()
    .transform((list) => tagFilterOf(list ?? [])),
  price: priceFilterSchema.nullish(),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const visibilityOf = (context: RequestContext): Visibility => ({
  viewerId: context.viewer?.id ?? null,
  admin: isAdmin(context.viewer),
});

export function resourceOf(row: ResourceRow) {
  const image = row.type === 'IMAGE';
  const names = imageVariantNames(row.filename);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    filename: row.filename,
    type: row.type,
    order: row.position,
    url: image ? `/public/${names.full}` : null,
    cardUrl: image ? `/public/${names.card}` : null,
    previewUrl: image ? `/public/${names.preview}` : null,
    width: row.width,
    height: row.height,
  };
}

/** What a skin card of the list's read model already holds: no loader query is needed for it. */
function cardOf(row: SkinRow | SkinCardRow) {
  if (!('author_username' in row)) return null;
  return {
    author: {
      id: row.author_id,
      url: row.author_url,
      username: row.author_username,
      country: row.author_country,
      avatarFilename: row.author_avatar,
    },
    thumbnail:
      row.thumbnail_id === null || row.thumbnail_filename === null
        ? null
        : resourceOf({
            id: row.thumbnail_id,
            skin_id: row.id,
            bundle_id: null,
            type: 'IMAGE',
            filename: row.thumbnail_filename,
            original_name: null,
            title: row.thumbnail_title,
            description: row.thumbnail_description,
            position: row.thumbnail_position ?? 0,
            size_bytes: null,
            width: row.thumbnail_width,
            height: row.thumbnail_height,
          }),
    stats: {
      skin_id: row.id,
      rating_sum: row.rating_sum,
      rating_count: row.rating_count,
      downloads_total: row.downloads_total,
      downloads_unique: row.downloads_unique,
    },
  };
}

/**
 * The fields stored on the row; everything else comes from batched loaders (one query per field
 * and request), or from the card when the row came from the list's read model.
 */
export function skinOf(row: SkinRow | SkinCardRow) {
  return namedForLoaders(
    {
      ...catalogueItemOf(row),
      availableAlone: row.available_alone,
      colorPrimary: row.color_primary,
      colorSecondary: row.color_secondary,
      modifiedAt: iso(row.modified_at),
      card: cardOf(row),
    },
    `skin:${row.id}`,
  );
}

/** The fields a skin and a bundle share, from their rows (the bundle has no others). */
export function catalogueItemOf(row: CatalogueItemRow) {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    type: row.game,
    published: row.published,
    videoUrl: row.video_url,
    createdAt: iso(row.created_at),
    deletedAt: iso(row.deleted_at),
    price: row.price_cents / 100,
    authorId: row.author_id,
  };
}
type SkinObject = ReturnType<typeof skinOf>;

/**
 * Sorting: createdAt descending by default, relevance for a search in the skins list; newest,
 * downloads, rating, trending and relevance descending, any other field ascending, unless a
 * direction is given.
 */
function listingOf(args: z.infer<typeof listArgs>, context: RequestContext, fallbackSort: SkinSort) {
  const page = pageRequest(args.page, SKINS_PAGE_SIZE);
  const search = args.search?.trim() ? args.search.trim() : null;
  const sort = sortOf(
    page.sortBy,
    SORTS,
    search && fallbackSort === 'createdAt' ? 'relevance' : fallbackSort,
  );
  const direction = page.sortDirection ?? (DESCENDING_SORTS.has(sort) ? 'DESC' : 'ASC');
  const today = context.services.now();
  const since = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (TRENDING_DAYS - 1)),
  );
  return {
    page,
    listing: {
      search,
      game: args.type ?? null,
      tags: args.tags,
      price: args.price ? priceFilterCents(args.price) : undefined,
      sort,
      trendingSince: since.toISOString().slice(0, 10),
      today: today.toISOString().slice(0, 10),
      direction,
      page: page.page,
      size: page.size,
      includeHidden: isAdmin(context.viewer),
    } as const,
  };
}

async function skinPage(rawArgs: unknown, context: RequestContext, fallbackSort: SkinSort) {
  const { page, listing } = listingOf(listArgs.parse(rawArgs), context, fallbackSort);
  const { rows, total } = await listSkins(context.services.pool, listing);
  // A page of a heavy answer is completed in an event-loop turn of its own (heavy-query-gate.ts).
  await takeTurnIfHeavy(context.request);
  return pageOf(rows.map(skinOf), total, page);
}

export const catalogueResolvers = {
  Query: {
    skinOfTheMonth: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const [latest] = await skinsOfTheMonth(context.services.pool, 1);
      return latest ? skinOf(latest.skin) : null;
    },
    skinOfTheMonthHistory: async (_root: unknown, _args: unknown, context: RequestContext) =>
      (await skinsOfTheMonth(context.services.pool, 24)).map((entry) => ({
        ...entry,
        skin: skinOf(entry.skin),
      })),
    skin: async (_root: unknown, args: { url: string }, context: RequestContext) => {
      const row = await findSkinByUrl(context.services.pool, args.url.slice(0, 200), visibilityOf(context));
      return row ? skinOf(row) : null;
    },
    skins: (_root: unknown, args: unknown, context: RequestContext) => skinPage(args, context, 'createdAt'),
    mostDownloadedSkins: (_root: unknown, args: unknown, context: RequestContext) =>
      skinPage(args, context, 'downloads'),
    skinsById: async (_root: unknown, args: { ids: string[] }, context: RequestContext) => {
      const ids = z.array(z.coerce.number().int().positive()).max(100).parse(args.ids);
      const rows = await skinsByIds(context.services.pool, ids, visibilityOf(context));
      await takeTurnIfHeavy(context.request);
      const byId = new Map(rows.map((row) => [row.id, row]));
      // In the order asked, leaving out what the caller may not see.
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [skinOf(row)] : [];
      });
    },
  },

  Mutation: {
    rateSkin: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      await context.services.limits.ratings.hit(viewer.id);
      const args = z.object({ rating: z.number(), skinId: z.number().int().positive() }).parse(rawArgs);
      await rateSkin(context.services, {
        skinId: args.skinId,
        userId: viewer.id,
        rating: args.rating,
        metadata: { actor: { userId: viewer.id }, correlationId: context.request.id },
      });
      const [stats] = await statsOfSkins(context.services.pool, [args.skinId]);
      if (!stats) throw new DomainError('NOT_FOUND', 'This skin does not exist or is hidden.');
      return ratingOf(stats, args.rating);
    },
  },
};

type Query<T> = { obj: T; params: unknown };
type Card = NonNullable<SkinObject['card']>;

/** The cards of a loader's skins when every one has a card (a page of the list), else null. */
function cardsOf(queries: Query<SkinObject>[]): Card[] | null {
  const cards = queries.map((q) => q.obj.card);
  return cards.every((card) => card !== null) ? (cards as Card[]) : null;
}

const ratingOf = (stats: StatsRow | undefined, usersRating: number | null) => ({
  average: stats ? ratingAverage(stats.rating_sum, stats.rating_count) : 0,
  totalRatings: stats?.rating_count ?? 0,
  usersRating,
});

const loadAuthors = userViewLoader((skin: SkinObject) => skin.authorId);

/**
 * Two loaders of one answer that read the same rows (`resources` and `thumbnail`; `rating` and
 * `downloads`) share one query: the rows are kept for the request, per query and skin ids.
 */
const rowsOfRequest = new WeakMap<RequestContext, Map<string, Promise<unknown>>>();
function sharedInRequest<T>(context: RequestContext, key: string, ids: number[], load: () => Promise<T>) {
  const kept = rowsOfRequest.get(context) ?? new Map<string, Promise<unknown>>();
  rowsOfRequest.set(context, kept);
  const slot = `${key}:${ids.join(',')}`;
  if (!kept.has(slot)) kept.set(slot, load());
  return kept.get(slot) as Promise<T>;
}
const resourcesOf = (queries: Query<SkinObject>[], context: RequestContext) => {
  const ids = queries.map((q) => q.obj.id);
  return sharedInRequest(context, 'resources', ids, () => resourcesOfSkins(context.services.pool, ids));
};
const statsOf = (queries: Query<SkinObject>[], context: RequestContext) => {
  const ids = queries.map((q) => q.obj.id);
  return sharedInRequest(context, 'stats', ids, () => statsOfSkins(context.services.pool, ids));
};

/** Mercurius loaders: each field is fetched for all skins of a response in one query. */
export const catalogueLoaders = {
  Skin: {
    author: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const cards = cardsOf(queries);
      // The card holds only what anyone may see; admins and the author themselves see more.
      if (cards?.every((card) => !seesPrivateFieldsOf(card.author.id, context))) {
        return cards.map((card) => publicUserViewOf(card.author));
      }
      return loadAuthors(queries, context);
    },
    archive: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const rows = await resourcesOf(queries, context);
      return Promise.all(
        queries.map(async (q) => {
          // The zip a download gives (the same choice as findDownloadableSkin's).
          const source = rows
            .filter((row) => row.skin_id === q.obj.id && row.type === 'SKIN_SOURCE')
            .sort((a, b) => a.position - b.position || b.id - a.id)[0];
          if (!source) return null;
          const files = await context.services.skinArchives.of(source.filename);
          if (!files) return null;
          return {
            sizeBytes: source.size_bytes ?? files.reduce((sum, file) => sum + file.sizeBytes, 0),
            files,
          };
        }),
      );
    },
    resources: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const rows = await resourcesOf(queries, context);
      return queries.map((q) => rows.filter((row) => row.skin_id === q.obj.id).map(resourceOf));
    },
    thumbnail: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const cards = cardsOf(queries);
      if (cards) return cards.map((card) => card.thumbnail);
      const rows = await resourcesOf(queries, context);
      return queries.map((q) => {
        const first = rows.find((row) => row.skin_id === q.obj.id && row.type === 'IMAGE');
        return first ? resourceOf(first) : null;
      });
    },
    rating: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const ids = queries.map((q) => q.obj.id);
      const cards = cardsOf(queries);
      const [stats, votes] = await Promise.all([
        cards ? cards.map((card) => card.stats) : statsOf(queries, context),
        context.viewer ? votesOf(context.services.pool, context.viewer.id, ids) : new Map<number, number>(),
      ]);
      return queries.map((q) =>
        ratingOf(
          stats.find((row) => row.skin_id === q.obj.id),
          votes.get(q.obj.id) ?? null,
        ),
      );
    },
    downloads: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const cards = cardsOf(queries);
      const stats = cards ? cards.map((card) => card.stats) : await statsOf(queries, context);
      return queries.map((q) => {
        const row = stats.find((s) => s.skin_id === q.obj.id);
        return { total: row?.downloads_total ?? 0, unique: row?.downloads_unique ?? 0 };
      });
    },
    colorVariations: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const ids = queries.map((q) => q.obj.id);
      const pairs = await variationsOfSkins(context.services.pool, ids, visibilityOf(context));
      const resources = await resourcesOfSkins(
        context.services.pool,
        pairs.map((pair) => pair.variation.id),
      );
      return queries.map((q) =>
        pairs
          .filter((pair) => pair.skinId === q.obj.id)
          .map(({ variation }) => ({
            id: variation.id,
            url: variation.url,
            title: variation.title,
            colors: [variation.color_primary, variation.color_secondary].filter(
              (c): c is string => c !== null,
            ),
            colorPrimary: variation.color_primary,
            colorSecondary: variation.color_secondary,
            availableAlone: variation.available_alone,
            resources: resources
              .filter((r) => r.skin_id === variation.id && r.type === 'IMAGE')
              .map(resourceOf),
          })),
      );
    },
  },
};
