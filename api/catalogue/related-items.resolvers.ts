import { z } from 'zod';
import { bundleSavingsCents } from '../../domain/catalog/bundle-savings';
import { ratingAverage } from '../../domain/ratings/rating.decider';
import { seesPrivateFieldsOf } from '../accounts/accounts.resolvers';
import { isAdmin, type RequestContext } from '../auth/viewer';
import { bundleOf } from './bundles-authors.resolvers';
import { skinOf } from './catalogue.resolvers';
import {
  keptSalesOfSkins,
  listedBundlesOfAuthors,
  listedBundlesOfSkins,
  topSkinsOfAuthors,
  totalsOfAuthors,
  visibleSkinPricesOfBundles,
  type AuthorTotalsRow,
} from './related-items.repository';

type Query<T> = { obj: T; params: unknown };
type SkinObject = { id: number; authorId: number };
type BundleObject = { id: number; price: number };
type AuthorObject = { id: number };

/** How many skins a `length` argument asks for: 1 to 12, the field's default when left out. */
const lengthOf = (params: unknown, fallback: number) =>
  z.object({ length: z.number().int().min(1).max(12).nullish() }).parse(params ?? {}).length ?? fallback;

/**
 * An author's totals are read once per request for every author of the answer, whichever of
 * `downloadCount`, `rating` and `bundleCount` asked first.
 */
const totalsOfRequest = new WeakMap<RequestContext, Map<string, Promise<AuthorTotalsRow[]>>>();
function authorTotals(queries: Query<AuthorObject>[], context: RequestContext) {
  const kept = totalsOfRequest.get(context) ?? new Map<string, Promise<AuthorTotalsRow[]>>();
  totalsOfRequest.set(context, kept);
  const ids = queries.map((q) => q.obj.id);
  const key = ids.join(',');
  if (!kept.has(key)) kept.set(key, totalsOfAuthors(context.services.pool, ids));
  return kept.get(key)!;
}

/** Mercurius loaders: one query per field for the whole answer, never one per skin, bundle or author. */
export const relatedItemsLoaders = {
  Skin: {
    bundles: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const pairs = await listedBundlesOfSkins(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) =>
        pairs.filter((pair) => pair.skinId === q.obj.id).map((pair) => bundleOf(pair.bundle)),
      );
    },
    moreFromAuthor: async (queries: Query<SkinObject>[], context: RequestContext) => {
      const requests = queries.map((q) => ({
        authorId: q.obj.authorId,
        excludeSkinId: q.obj.id,
        length: lengthOf(q.params, 4),
      }));
      const rows = await topSkinsOfAuthors(context.services.pool, requests);
      return requests.map((request) =>
        rows
          .filter((row) => row.excludeSkinId === request.excludeSkinId && row.authorId === request.authorId)
          .slice(0, request.length)
          .map((row) => skinOf(row.skin)),
      );
    },
    sales: async (queries: Query<SkinObject>[], context: RequestContext) => {
      // Only the author's own figures, or an admin's: other viewers get null without a query.
      const allowed = queries.filter((q) => seesPrivateFieldsOf(q.obj.authorId, context));
      const sales = await keptSalesOfSkins(
        context.services.pool,
        allowed.map((q) => q.obj.id),
      );
      return queries.map((q) =>
        seesPrivateFieldsOf(q.obj.authorId, context) ? (sales.get(q.obj.id) ?? 0) : null,
      );
    },
  },
  Bundle: {
    savings: async (queries: Query<BundleObject>[], context: RequestContext) => {
      const prices = await visibleSkinPricesOfBundles(
        context.services.pool,
        queries.map((q) => q.obj.id),
        { viewerId: context.viewer?.id ?? null, admin: isAdmin(context.viewer) },
      );
      return queries.map((q) => {
        const skinPrices = prices.filter((row) => row.bundleId === q.obj.id).map((row) => row.priceCents);
        return bundleSavingsCents(Math.round(q.obj.price * 100), skinPrices) / 100;
      });
    },
  },
  Author: {
    downloadCount: async (queries: Query<AuthorObject>[], context: RequestContext) => {
      const totals = await authorTotals(queries, context);
      return queries.map((q) => totals.find((row) => row.author_id === q.obj.id)?.downloads ?? 0);
    },
    rating: async (queries: Query<AuthorObject>[], context: RequestContext) => {
      const totals = await authorTotals(queries, context);
      return queries.map((q) => {
        const row = totals.find((totalsRow) => totalsRow.author_id === q.obj.id);
        return {
          average: row ? ratingAverage(row.rating_sum, row.rating_count) : 0,
          totalRatings: row?.rating_count ?? 0,
        };
      });
    },
    bundleCount: async (queries: Query<AuthorObject>[], context: RequestContext) => {
      const totals = await authorTotals(queries, context);
      return queries.map((q) => totals.find((row) => row.author_id === q.obj.id)?.bundle_count ?? 0);
    },
    sampleSkins: async (queries: Query<AuthorObject>[], context: RequestContext) => {
      const requests = queries.map((q) => ({
        authorId: q.obj.id,
        excludeSkinId: 0,
        length: lengthOf(q.params, 3),
      }));
      const rows = await topSkinsOfAuthors(context.services.pool, requests);
      return requests.map((request) =>
        rows
          .filter((row) => row.authorId === request.authorId)
          .slice(0, request.length)
          .map((row) => skinOf(row.skin)),
      );
    },
    bundles: async (queries: Query<AuthorObject>[], context: RequestContext) => {
      const rows = await listedBundlesOfAuthors(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => rows.filter((row) => row.author_id === q.obj.id).map(bundleOf));
    },
  },
};
