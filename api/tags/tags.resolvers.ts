import { z } from 'zod';
import { GAME_TYPES } from '../../domain/catalog/item-editor.schemas';
import { tagFilterOf } from '../../domain/catalog/tags.schemas';
import { userViewLoader } from '../accounts/accounts.resolvers';
import type { AppContext } from '../app-context';
import { requireRoles, type RequestContext } from '../auth/viewer';
import { createTag, setTagRetirement, updateTag } from './tag-admin.handler';
import {
  listTagLog,
  tagsOfSkins,
  tagsWithCounts,
  tagsWithUsage,
  type TagLogRow,
  type TagRow,
} from './tags.repository';

const id = z.coerce.number().int().positive();
const countsArgs = z.object({
  type: z.enum(GAME_TYPES).nullish(),
  withTags: z
    .array(z.string().max(100))
    .max(20)
    .nullish()
    .transform((list) => tagFilterOf(list ?? [])),
});

export function tagOf(row: TagRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    group: row.tag_group,
    position: row.position,
    retired: row.retired_at !== null,
  };
}

function logEntryOf(row: TagLogRow) {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    actorId: row.actor_id,
    before: row.before,
    after: row.after,
  };
}
type LogEntryObject = ReturnType<typeof logEntryOf>;

/** Public tag counts; admin list, history and changes (each admin call: UNAUTHENTICATED or FORBIDDEN otherwise). */
export function tagsResolvers(app: AppContext) {
  return {
    Query: {
      tags: async (_root: unknown, rawArgs: unknown) => {
        const args = countsArgs.parse(rawArgs);
        const rows = await tagsWithCounts(app.pool, args.type ?? null, args.withTags);
        return rows.map((row) => ({ tag: tagOf(row), count: row.count }));
      },
      allTags: async (_root: unknown, _args: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const rows = await tagsWithUsage(app.pool);
        return rows.map((row) => ({ tag: tagOf(row), listed: row.listed, uses: row.uses }));
      },
      tagLog: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        requireRoles(context.viewer, 'admin');
        const args = z.object({ limit: z.number().int().min(1).max(200).nullish() }).parse(rawArgs);
        return (await listTagLog(app.pool, args.limit ?? 50)).map(logEntryOf);
      },
    },
    Mutation: {
      createTag: async (_root: unknown, args: { input: unknown }, context: RequestContext) =>
        tagOf(await createTag(app, requireRoles(context.viewer, 'admin'), args.input)),
      updateTag: async (_root: unknown, args: { id: unknown; input: unknown }, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        return tagOf(await updateTag(app, admin, id.parse(args.id), args.input));
      },
      retireTag: async (_root: unknown, args: { id: unknown }, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        return tagOf(await setTagRetirement(app, admin, id.parse(args.id), true));
      },
      restoreTag: async (_root: unknown, args: { id: unknown }, context: RequestContext) => {
        const admin = requireRoles(context.viewer, 'admin');
        return tagOf(await setTagRetirement(app, admin, id.parse(args.id), false));
      },
    },
  };
}

type Query<T> = { obj: T; params: unknown };

/** `Skin.tags` for every skin of an answer in one query; `TagLogEntry.by` batched like every user field. */
export const tagsLoaders = {
  Skin: {
    tags: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      const rows = await tagsOfSkins(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) => rows.filter((row) => row.skin_id === q.obj.id).map(tagOf));
    },
  },
  TagLogEntry: {
    by: userViewLoader((entry: LogEntryObject) => entry.actorId),
  },
};
