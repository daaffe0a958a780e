import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import type { Downloader } from '../../domain/downloads/download.events';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';
import { paidDownloadAccess } from '../orders/paid-download-access';
import { versionOfSkin } from '../community/skin-versions.repository';
import type { SkinFile } from './skin-file-cache';
import { findDownloadableSkin } from './skins.repository';

const VISITOR_COOKIE = 'visitor';
const VISITOR_KEY = /^[a-f0-9]{32}$/;

type SkinDownloadRequest = { Params: { url: string }; Querystring: { grant?: unknown } };
type SkinVersionDownloadRequest = {
  Params: { url: string; version: string };
  Querystring: { grant?: unknown };
};
const VERSION_NUMBER = /^[1-9][0-9]{0,5}$/;

/**
 * Who may download the skin at `url` (the same rule for its current file and its earlier versions):
 * free skins anyone; paid ones their author, admins, their owners, and the holder of a signed link
 * from a guest's confirmation mail (`?grant=`, api/orders/paid-download-access.ts). Returns the skin
 * and the account the download counts for (null: an anonymous visitor), or throws the refusal.
 */
async function allowedDownload(
  app: AppContext,
  request: FastifyRequest<{ Params: { url: string }; Querystring: { grant?: unknown } }>,
) {
  // Links open in the browser, so the session may come in the `token` cookie as well as the header.
  const token = bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token');
  const viewer = await app.tokens.verify(token);
  const url = request.params.url.slice(0, 200);
  const visibility = { viewerId: viewer?.id ?? null, admin: isAdmin(viewer) };
  const visible = viewer
    ? await findDownloadableSkin(app.pool, url, visibility)
    : await app.downloadableSkins.get(url, () => findDownloadableSkin(app.pool, url, visibility));
  // A skin its author hid after selling it still downloads for those who bought it.
  const skin = visible ?? (await findDownloadableSkin(app.pool, url, { viewerId: null, admin: true }));
  if (!skin) throw new DomainError('NOT_FOUND', 'This skin does not exist or is hidden.');
  let downloader: Downloader | null = viewer ? { userId: viewer.id } : null;
  if (!(viewer && (viewer.id === skin.author_id || isAdmin(viewer))) && (skin.price_cents > 0 || !visible)) {
    // Owners signed in, or anyone with a signed link from a guest's confirmation mail (`grant`).
    const grant = typeof request.query.grant === 'string' ? request.query.grant.slice(0, 200) : null;
    const buyer = await paidDownloadAccess(app, skin.id, viewer, grant);
    if (!buyer) {
      if (!visible) throw new DomainError('NOT_FOUND', 'This skin does not exist or is hidden.');
      if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Log in to download the skins you bought.');
      throw new DomainError('FORBIDDEN', 'Buy this skin to download it.');
    }
    // A mailed link counts as a download by the buyer's account (what a refund checks).
    downloader = buyer;
  }
  return { viewer, skin, downloader };
}

/**
 * Records the download (SkinDownloaded, with the user or an anonymous visitor key, set as a cookie
 * when new) and sends the zip as an attachment.
 */
async function sendSkinFile(
  app: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: Awaited<ReturnType<typeof allowedDownload>>,
  file: SkinFile,
  attachmentName: string,
) {
  const { viewer, skin, downloader } = allowed;
  let visitorKey = cookieValue(request.headers.cookie, VISITOR_COOKIE);
  if (!downloader && !(visitorKey && VISITOR_KEY.test(visitorKey))) {
    visitorKey = randomBytes(16).toString('hex');
    reply.header(
      'set-cookie',
      `${VISITOR_COOKIE}=${visitorKey}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );
  }
  await app.downloads.record({
    skin: { id: skin.id, game: skin.game, authorId: skin.author_id },
    downloader: downloader ?? { visitorKey: visitorKey! },
    metadata: { ...(viewer ? { actor: { userId: viewer.id } } : {}), correlationId: request.id },
  });
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${attachmentName}"`)
    .header('cache-control', 'private, no-store')
    .send('body' in file ? file.body : file.stream);
}

/**
 * GET /assets/skin/{url}: the skin's zip (its newest version) as an attachment named after the
 * skin. GET /assets/skin/{url}/versions/{n}: version n of it (docs/community.md, "Skin versions"),
 * for the same people. Each download, of any version, is recorded as a SkinDownloaded event.
 */
export async function skinDownloadRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get<SkinDownloadRequest>('/assets/skin/:url', async (request, reply) => {
    const allowed = await allowedDownload(app, request);
    const { skin } = allowed;
    const file = skin.source_filename ? await app.skinFiles.open(skin.source_filename) : null;
    if (!file) throw new DomainError('NOT_FOUND', 'The file of this skin is missing.');
    return sendSkinFile(app, request, reply, allowed, file, `${skin.url}.zip`);
  });

  fastify.get<SkinVersionDownloadRequest>('/assets/skin/:url/versions/:version', async (request, reply) => {
    if (!VERSION_NUMBER.test(request.params.version))
      throw new DomainError('NOT_FOUND', 'This skin has no such version.');
    const allowed = await allowedDownload(app, request);
    const { skin } = allowed;
    const version = await versionOfSkin(app.pool, skin.id, Number(request.params.version));
    if (!version) throw new DomainError('NOT_FOUND', 'This skin has no such version.');
    const file = await app.skinFiles.open(version.file_id);
    if (!file) throw new DomainError('NOT_FOUND', 'The file of this version is missing.');
    return sendSkinFile(app, request, reply, allowed, file, `${skin.url}-v${version.version}.zip`);
  });
}
