import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import type { Downloader } from '../../domain/downloads/download.events';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';
import { paidDownloadAccess } from '../orders/paid-download-access';
import { findDownloadableSkin } from './skins.repository';

const VISITOR_COOKIE = 'visitor';
const VISITOR_KEY = /^[a-f0-9]{32}$/;

type SkinDownloadRequest = { Params: { url: string }; Querystring: { grant?: unknown } };

/**
 * GET /assets/skin/{url}: the skin's zip as an attachment named after the skin. Free skins for
 * anyone; paid ones for their author, admins, their owners, and the holder of a signed link from a
 * guest's confirmation mail (`?grant=`, api/orders/paid-download-access.ts). Each
 * download is recorded as a SkinDownloaded event, with the user or an anonymous visitor key.
 */
export async function skinDownloadRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get<SkinDownloadRequest>('/assets/skin/:url', async (request, reply) => {
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
    if (
      !(viewer && (viewer.id === skin.author_id || isAdmin(viewer))) &&
      (skin.price_cents > 0 || !visible)
    ) {
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
    const file = skin.source_filename ? await app.skinFiles.open(skin.source_filename) : null;
    if (!file) throw new DomainError('NOT_FOUND', 'The file of this skin is missing.');

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
      .header('content-disposition', `attachment; filename="${skin.url}.zip"`)
      .header('cache-control', 'private, no-store')
      .send('body' in file ? file.body : file.stream);
  });
}
