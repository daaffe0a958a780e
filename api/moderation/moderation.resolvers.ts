import { z } from 'zod';
import {
  MODERATED_ITEM_TYPES,
  moderationNote,
  moderationReason,
  reportInput,
  type ModeratedItemType,
} from '../../domain/moderation/moderation.schemas';
import { termsGround } from '../../domain/moderation/terms-grounds';
import { userViewLoader } from '../accounts/accounts.resolvers';
import type { AppContext } from '../app-context';
import { isAdmin, requireRoles, requireViewer, type RequestContext } from '../auth/viewer';
import { commentsByIds, listAllComments } from '../catalogue/authors.repository';
import { bundleOf, commentOf, type CommentObject } from '../catalogue/bundles-authors.resolvers';
import { bundlesByIds } from '../catalogue/bundles.repository';
import { skinOf } from '../catalogue/catalogue.resolvers';
import { skinsByIds, type Visibility } from '../catalogue/skins.repository';
import { pageOf, pageRequest } from '../graphql/paging';
import { setAccountBlocked } from './account-blocks.handler';
import { moderateItem } from './item-moderation.handler';
import {
  blocksOf,
  listModerationLog,
  listReportedItems,
  reportBy,
  reportsOfItems,
  takedownsOf,
  type ReportedItemRow,
  type ReportRow,
  type TakedownRow,
} from './moderation.repository';

const ADMIN_LIST_SIZE = 20;
const iso = (ms: number) => new Date(ms).toISOString();
const id = z.coerce.number().int().positive();
const itemArgs = z.object({ itemType: z.enum(MODERATED_ITEM_TYPES), itemId: id });

type Query<T> = { obj: T; params: unknown };
type Owned = { id: number; authorId: number };

const visibilityOf = (context: RequestContext): Visibility => ({
  viewerId: context.viewer?.id ?? null,
  admin: isAdmin(context.viewer),
});
const metadataOf = (context: RequestContext) => ({ correlationId: context.request.id });
const done = (itemId: number) => ({ id: itemId, success: true });

export function takedownOf(row: TakedownRow, admin: boolean) {
  return { at: iso(row.taken_down_at), reason: row.reason, byId: admin ? row.taken_down_by : null };
}
type TakedownObject = ReturnType<typeof takedownOf>;

/** The takedowns of the items asked, for their authors and admins; null for anyone else. */
function takedownLoader(itemType: ModeratedItemType) {
  return async (queries: Query<Owned>[], context: RequestContext) => {
    const admin = isAdmin(context.viewer);
    const mayRead = (item: Owned) => admin || item.authorId === context.viewer?.id;
    const readable = queries.filter((q) => mayRead(q.obj)).map((q) => q.obj.id);
    const rows = await takedownsOf(context.services.pool, itemType, readable);
    return queries.map((q) => {
      const row = mayRead(q.obj) ? rows.get(q.obj.id) : undefined;
      return row ? takedownOf(row, admin) : null;
    });
  };
}

function reportOf(row: ReportRow, context: RequestContext) {
  const admin = isAdmin(context.viewer);
  return {
    reporterId: admin || row.reporter_id === context.viewer?.id ? row.reporter_id : null,
    reason: row.reason,
    text: row.text,
    reportedAt: iso(row.reported_at),
    status: row.status,
    resolvedAt: row.resolved_at === null ? null : iso(row.resolved_at),
    resolvedById: admin ? row.resolved_by : null,
    note: row.resolution_note,
  };
}
type ReportObject = ReturnType<typeof reportOf>;

function reportedItemOf(row: ReportedItemRow) {
  return {
    itemType: row.item_type,
    itemId: row.item_id,
    openReports: row.open_reports,
    totalReports: row.total_reports,
    reasons: row.reasons,
    lastReportedAt: iso(row.last_reported_at),
  };
}
type ReportedItemObject = ReturnType<typeof reportedItemOf>;

/** The skins (or bundles, comments) reported items point at, in the queries' order. */
async function reportedTargets(
  queries: Query<ReportedItemObject>[],
  itemType: ModeratedItemType,
  context: RequestContext,
) {
  const ids = queries.filter((q) => q.obj.itemType === itemType).map((q) => q.obj.itemId);
  const pool = context.services.pool;
  const visibility = visibilityOf(context);
  const objects = new Map<number, unknown>();
  if (itemType === 'SKIN')
    for (const row of await skinsByIds(pool, ids, visibility)) objects.set(row.id, skinOf(row));
  if (itemType === 'BUNDLE')
    for (const row of await bundlesByIds(pool, ids, visibility)) objects.set(row.id, bundleOf(row));
  if (itemType === 'COMMENT') {
    for (const row of await commentsByIds(pool, ids)) objects.set(row.id, commentOf(row));
  }
  return queries.map((q) => (q.obj.itemType === itemType ? (objects.get(q.obj.itemId) ?? null) : null));
}

export const moderationLoaders = {
  Skin: { takedown: takedownLoader('SKIN') },
  Bundle: { takedown: takedownLoader('BUNDLE') },
  Comment: {
    author: userViewLoader((comment: CommentObject) => comment.userId),
    skin: async (queries: Query<CommentObject>[], context: RequestContext) => {
      const ids = queries.map((q) => q.obj.skinId).filter((value): value is number => value !== null);
      const rows = new Map(
        (await skinsByIds(context.services.pool, [...new Set(ids)], visibilityOf(context))).map((row) => [
          row.id,
          row,
        ]),
      );
      return queries.map((q) => {
        const row = q.obj.skinId === null ? undefined : rows.get(q.obj.skinId);
        return row ? skinOf(row) : null;
      });
    },
    bundle: async (queries: Query<CommentObject>[], context: RequestContext) => {
      const ids = queries.map((q) => q.obj.bundleId).filter((value): value is number => value !== null);
      const rows = new Map(
        (await bundlesByIds(context.services.pool, [...new Set(ids)], visibilityOf(context))).map((row) => [
          row.id,
          row,
        ]),
      );
      return queries.map((q) => {
        const row = q.obj.bundleId === null ? undefined : rows.get(q.obj.bundleId);
        return row ? bundleOf(row) : null;
      });
    },
    removal: async (queries: Query<CommentObject>[], context: RequestContext) => {
      if (!isAdmin(context.viewer)) return queries.map(() => null);
      const rows = await takedownsOf(
        context.services.pool,
        'COMMENT',
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => {
        const row = rows.get(q.obj.id);
        return row ? takedownOf(row, true) : null;
      });
    },
  },
  User: {
    block: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      if (!isAdmin(context.viewer)) return queries.map(() => null);
      const rows = await blocksOf(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => {
        const row = rows.get(q.obj.id);
        return row ? { at: iso(row.blocked_at), reason: row.reason, byId: row.blocked_by } : null;
      });
    },
  },
  Takedown: { by: userViewLoader((takedown: TakedownObject) => takedown.byId) },
  AccountBlock: { by: userViewLoader((block: { byId: number | null }) => block.byId) },
  Report: {
    reporter: userViewLoader((report: ReportObject) => report.reporterId),
    resolvedBy: userViewLoader((report: ReportObject) => report.resolvedById),
  },
  ReportedItem: {
    skin: (queries: Query<ReportedItemObject>[], context: RequestContext) =>
      reportedTargets(queries, 'SKIN', context),
    bundle: (queries: Query<ReportedItemObject>[], context: RequestContext) =>
      reportedTargets(queries, 'BUNDLE', context),
    comment: (queries: Query<ReportedItemObject>[], context: RequestContext) =>
      reportedTargets(queries, 'COMMENT', context),
    takedown: async (queries: Query<ReportedItemObject>[], context: RequestContext) => {
      const byType = await Promise.all(
        MODERATED_ITEM_TYPES.map(async (itemType) => ({
          itemType,
          rows: await takedownsOf(
            context.services.pool,
            itemType,
            queries.filter((q) => q.obj.itemType === itemType).map((q) => q.obj.itemId),
          ),
        })),
      );
      return queries.map((q) => {
        const row = byType.find((found) => found.itemType === q.obj.itemType)?.rows.get(q.obj.itemId);
        return row ? takedownOf(row, true) : null;
      });
    },
    reports: async (queries: Query<ReportedItemObject>[], context: RequestContext) => {
      const rows = (
        await Promise.all(
          MODERATED_ITEM_TYPES.map((itemType) =>
            reportsOfItems(
              context.services.pool,
              itemType,
              queries.filter((q) => q.obj.itemType === itemType).map((q) => q.obj.itemId),
            ),
          ),
        )
      ).flat();
      return queries.map((q) =>
        rows
          .filter((row) => row.item_type === q.obj.itemType && row.item_id === q.obj.itemId)
          .map((row) => reportOf(row, context)),
      );
    },
  },
  ModerationLogEntry: {
    actor: userViewLoader((entry: { actorId: number | null }) => entry.actorId),
  },
};

export function moderationResolvers(app: AppContext) {
  return {
    Query: {
      allComments: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = z
          .object({ page: z.unknown().optional(), removedOnly: z.boolean().nullish() })
          .parse(rawArgs);
        const page = pageRequest(args.page, ADMIN_LIST_SIZE);
        const { rows, total } = await listAllComments(app.pool, {
          ...page,
          removedOnly: args.removedOnly ?? false,
        });
        return pageOf(rows.map(commentOf), total, page);
      },
      reportedItems: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = z
          .object({ page: z.unknown().optional(), status: z.enum(['OPEN', 'UPHELD', 'DISMISSED']).nullish() })
          .parse(rawArgs);
        const page = pageRequest(args.page, ADMIN_LIST_SIZE);
        const { rows, total } = await listReportedItems(app.pool, { open: args.status === 'OPEN', ...page });
        return pageOf(rows.map(reportedItemOf), total, page);
      },
      moderationLog: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = z
          .object({
            page: z.unknown().optional(),
            itemType: z.enum([...MODERATED_ITEM_TYPES, 'ACCOUNT']).nullish(),
            itemId: id.nullish(),
            actorId: id.nullish(),
          })
          .parse(rawArgs);
        const page = pageRequest(args.page, ADMIN_LIST_SIZE);
        const { rows, total } = await listModerationLog(app.pool, {
          itemType: args.itemType ?? null,
          itemId: args.itemId ?? null,
          actorId: args.actorId ?? null,
          ...page,
        });
        return pageOf(
          rows.map((row) => ({
            id: row.position,
            at: iso(row.at),
            action: row.action,
            itemType: row.item_type,
            itemId: row.item_id,
            itemLabel: row.item_label,
            itemUrl: row.item_url,
            actorId: row.actor_id,
            reason: row.reason,
          })),
          total,
          page,
        );
      },
      myReport: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = itemArgs.parse(rawArgs);
        const row = await reportBy(app.pool, viewer.id, args.itemType, args.itemId);
        return row ? reportOf(row, context) : null;
      },
    },
    Mutation: {
      reportItem: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = itemArgs.and(reportInput).parse(rawArgs);
        await app.limits.reports.hit(viewer.id);
        await moderateItem(
          app,
          viewer,
          args,
          { kind: 'report', reason: args.reason, text: args.text },
          metadataOf(context),
        );
        return done(args.itemId);
      },
      takeDownItem: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const args = itemArgs.extend({ reason: moderationReason, ground: termsGround }).parse(rawArgs);
        await moderateItem(
          app,
          admin,
          args,
          { kind: 'take-down', reason: args.reason, ground: args.ground },
          metadataOf(context),
        );
        return done(args.itemId);
      },
      restoreItem: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const args = itemArgs.extend({ reason: moderationNote }).parse(rawArgs);
        await moderateItem(app, admin, args, { kind: 'restore', reason: args.reason }, metadataOf(context));
        return done(args.itemId);
      },
      dismissReports: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const args = itemArgs.extend({ note: moderationNote }).parse(rawArgs);
        await moderateItem(
          app,
          admin,
          args,
          { kind: 'dismiss-reports', note: args.note },
          metadataOf(context),
        );
        return done(args.itemId);
      },
      blockUser: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const args = z.object({ id, reason: moderationReason, ground: termsGround }).parse(rawArgs);
        await setAccountBlocked(
          app,
          admin,
          args.id,
          { block: true, reason: args.reason, ground: args.ground },
          metadataOf(context),
        );
        return done(args.id);
      },
      unblockUser: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        const args = z.object({ id, reason: moderationNote }).parse(rawArgs);
        await setAccountBlocked(
          app,
          admin,
          args.id,
          { block: false, reason: args.reason },
          metadataOf(context),
        );
        return done(args.id);
      },
    },
  };
}
