import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';
import { buyerAccountIds } from '../accounts/users.repository';
import { consentReleases } from '../orders/paid-download-access';
import type { AppContext } from '../app-context';
import { UserRateLimiter } from '../auth/user-rate-limiter';
import { isAdmin, requireViewer, type RequestContext } from '../auth/viewer';
import { publishSkinVersion } from './publish-skin-version.handler';
import { versionsOfSkins, type SkinVersionRow } from './skin-versions.repository';

/** New versions per user and hour: a busy author fixes a few skins, nobody needs more. */
export const SKIN_VERSIONS_PER_HOUR = 20;

type Query<T> = { obj: T; params: unknown };

const versionDownloadUrl = (skinUrl: string, version: number) =>
  `/assets/skin/${encodeURIComponent(skinUrl)}/versions/${version}`;

function versionOf(row: SkinVersionRow, skinUrl: string, current: boolean) {
  return {
    version: row.version,
    changelog: row.changelog,
    publishedAt: new Date(row.published_at).toISOString(),
    size: row.size_bytes,
    current,
    downloadUrl: versionDownloadUrl(skinUrl, row.version),
  };
}

const skinAccessRow = z.object({
  id: z.number(),
  price_cents: z.number(),
  author_id: z.number(),
  owned: z.boolean(),
});

/**
 * Per skin: whether the viewer may download its versions (free, their own, an admin, or owned
 * through an order that does not wait for the buyer's consent).
 */
async function versionAccessOf(db: Queryable, skinIds: number[], viewer: { id: number; admin: boolean }) {
  const rows = await db.any(sql.type(skinAccessRow)`
    select s.id, s.price_cents, s.author_id,
           exists (select 1 from owned_skins o where o.skin_id = s.id and o.acquired_at is not null
                   and o.user_id in ${buyerAccountIds(viewer.id)} and ${consentReleases('o')}) as owned
    from skins s where s.id = any(${sql.array(skinIds, 'int8')}) and s.deleted_at is null`);
  return new Map(
    rows.map((row) => [
      row.id,
      row.price_cents === 0 || row.author_id === viewer.id || viewer.admin || row.owned,
    ]),
  );
}

/** publishSkinVersion, and the version history of skins. */
export function skinVersionsResolvers(app: AppContext) {
  const perUser = new UserRateLimiter(app.pool, {
    name: 'skin-versions',
    max: SKIN_VERSIONS_PER_HOUR,
    windowMs: 3_600_000,
    now: app.now,
    message: 'You published many versions within the hour. Please wait a while before the next one.',
  });
  return {
    Mutation: {
      publishSkinVersion: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const viewer = requireViewer(context.viewer);
        await perUser.hit(viewer.id);
        const published = await publishSkinVersion(app, viewer, rawArgs, {
          metadata: { actor: { userId: viewer.id }, correlationId: context.request.id },
        });
        const url = await app.pool.oneFirst(sql.type(z.object({ url: z.string() }))`
          select url::text as url from skins where id = ${published.skinId}`);
        const history = (await versionsOfSkins(app.pool, [published.skinId])).get(published.skinId) ?? [];
        const row = history.find((entry) => entry.version === published.version)!;
        return versionOf(row, url, row === history[0]);
      },
    },
  };
}

/** Mercurius loaders: one query for every skin of the answer. */
export const skinVersionsLoaders = {
  Skin: {
    versions: async (queries: Query<{ id: number; url: string }>[], context: RequestContext) => {
      const histories = await versionsOfSkins(
        context.services.pool,
        queries.map((q) => q.obj.id),
      );
      return queries.map((q) =>
        (histories.get(q.obj.id) ?? []).map((row, index) => versionOf(row, q.obj.url, index === 0)),
      );
    },
  },
  ViewerSkinState: {
    canDownloadVersions: async (queries: Query<{ id: number }>[], context: RequestContext) => {
      const viewer = requireViewer(context.viewer);
      const access = await versionAccessOf(
        context.services.pool,
        queries.map((q) => q.obj.id),
        { id: viewer.id, admin: isAdmin(viewer) },
      );
      return queries.map((q) => access.get(q.obj.id) ?? false);
    },
  },
};
