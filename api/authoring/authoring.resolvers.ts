import { z } from 'zod';
import { GAME_TYPES } from '../../domain/catalog/item-editor.schemas';
import type { AppContext } from '../app-context';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { bundlesByIds } from '../catalogue/bundles.repository';
import { bundleOf } from '../catalogue/bundles-authors.resolvers';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds } from '../catalogue/skins.repository';
import { pageOf, pageRequest } from '../graphql/paging';
import { createBundle, updateBundle } from './bundle-editor.handler';
import { createComment } from './create-comment.handler';
import { setItemHidden } from './item-visibility.handler';
import { idsOfCreatedItems } from './my-created-items.repository';
import { createSkin, updateSkin } from './skin-editor.handler';

/** Account-area lists (spec 7.2): 10 a page; the editors ask for 100 to link skins. */
const CREATED_PAGE_SIZE = 10;

const id = z.coerce.number().int().positive();
const hideArgs = z.object({ id, hide: z.boolean() });
const createdSkinsArgs = z.object({ page: z.unknown().optional(), type: z.enum(GAME_TYPES).nullish() });

/** Keeps `rows` in the order of `ids` (the catalogue readers return them in any order). */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((rowId) => byId.get(rowId) ?? []);
}

/**
 * The author tools: the account area's lists, the skin and bundle editors' saves, visibility,
 * comments. Resolvers validate and authorise; the handlers write, each in one transaction.
 */
export function authoringResolvers(app: AppContext) {
  return {
    Query: {
      myCreatedSkins: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = createdSkinsArgs.parse(rawArgs);
        const page = pageRequest(args.page, CREATED_PAGE_SIZE);
        const { ids, total } = await idsOfCreatedItems(app.pool, 'skin', {
          authorId: viewer.id,
          game: args.type ?? null,
          page: page.page,
          size: page.size,
        });
        const rows = await skinsByIds(app.pool, ids, { viewerId: viewer.id, admin: false });
        return pageOf(inOrder(ids, rows).map(skinOf), total, page);
      },
      myCreatedBundles: async (_root: unknown, args: { page?: unknown }, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const page = pageRequest(args.page, CREATED_PAGE_SIZE);
        const { ids, total } = await idsOfCreatedItems(app.pool, 'bundle', {
          authorId: viewer.id,
          game: null,
          page: page.page,
          size: page.size,
        });
        const rows = await bundlesByIds(app.pool, ids, { viewerId: viewer.id, admin: false });
        return pageOf(inOrder(ids, rows).map(bundleOf), total, page);
      },
    },

    Mutation: {
      createSkin: (_root: unknown, args: { dto: unknown }, context: RequestContext) =>
        createSkin(app, requireViewer(context.viewer), args.dto, { correlationId: context.request.id }),
      updateSkin: (_root: unknown, args: { dto: unknown }, context: RequestContext) =>
        updateSkin(app, requireViewer(context.viewer), args.dto, { correlationId: context.request.id }),
      hideSkin: (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = hideArgs.parse(rawArgs);
        return setItemHidden(app, viewer, 'skin', args.id, args.hide, {
          correlationId: context.request.id,
        });
      },
      createBundle: (_root: unknown, args: { dto: unknown }, context: RequestContext) =>
        createBundle(app, requireViewer(context.viewer), args.dto, { correlationId: context.request.id }),
      updateBundle: (_root: unknown, args: { dto: unknown }, context: RequestContext) =>
        updateBundle(app, requireViewer(context.viewer), args.dto, { correlationId: context.request.id }),
      hideBundle: (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = hideArgs.parse(rawArgs);
        return setItemHidden(app, viewer, 'bundle', args.id, args.hide, {
          correlationId: context.request.id,
        });
      },
      createComment: (_root: unknown, args: unknown, context: RequestContext) =>
        createComment(app, requireViewer(context.viewer), args, app.limits.comments),
    },
  };
}
