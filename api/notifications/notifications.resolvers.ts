import { z } from 'zod';
import type { AppContext } from '../app-context';
import { requireViewer, type RequestContext } from '../auth/viewer';
import { pageOf, pageRequest } from '../graphql/paging';
import { markRead, notificationsOf, unreadCountOf, type NotificationRow } from './notifications.repository';

/** The bell shows about ten; the full page lists 20 at a time. */
const NOTIFICATIONS_PAGE_SIZE = 20;

const markArgs = z.object({ upToPosition: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

function notificationOf(row: NotificationRow) {
  return {
    id: `${row.position}-${row.kind}`,
    position: row.position,
    kind: row.kind,
    message: row.message,
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read,
  };
}

/** The bell (docs/community.md, Notifications): the signed-in viewer's own notifications only. */
export function notificationsResolvers(app: AppContext) {
  return {
    Query: {
      myNotifications: async (_root: unknown, args: { page?: unknown }, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const page = pageRequest(args.page, NOTIFICATIONS_PAGE_SIZE);
        const { rows, total } = await notificationsOf(app.pool, viewer.id, page);
        return pageOf(rows.map(notificationOf), total, page);
      },
      unreadNotificationCount: (_root: unknown, _args: unknown, context: RequestContext) =>
        unreadCountOf(app.pool, requireViewer(context.viewer).id),
    },
    Mutation: {
      markNotificationsRead: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        const args = markArgs.parse(rawArgs);
        const readUpToPosition = await markRead(app.pool, viewer.id, args.upToPosition);
        return { readUpToPosition, unreadCount: await unreadCountOf(app.pool, viewer.id) };
      },
    },
  };
}
