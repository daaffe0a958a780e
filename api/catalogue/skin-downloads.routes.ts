import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/viewer';
import { recordDownload } from './record-download';
import { findSkinByUrl, skinSourceOf } from './skins.repository';

const VISITOR_COOKIE = 'visitor';
const VISITOR_KEY = /^[a-f0-9]{32}$/;

/**
 * GET /assets/skin/{url}: the skin's zip as an attachment named after the skin. Free skins for
 * anyone; paid ones for their author and admins (and, once purchases exist, their owners). Each
 * download is recorded as a SkinDownloaded event, with the user or an anonymous visitor key.
 */
export async function skinDownloadRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get<{ Params: { url: string } }>('/assets/skin/:url', async (request, reply) => {
    // Links open in the browser, so the session may come in the `token` cookie as well as the header.
    const token = bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token');
    const viewer = await app.tokens.verify(token);
    const skin = await findSkinByUrl(app.pool, request.params.url.slice(0, 200), {
      viewerId: viewer?.id ?? null,
      admin: isAdmin(viewer),
    });
    if (!skin) throw new DomainError('NOT_FOUND', 'This skin does not exist or is hidden.');
    if (skin.price_cents > 0 && !(viewer && (viewer.id === skin.author_id || isAdmin(viewer)))) {
      if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Log in to download the skins you bought.');
      throw new DomainError('FORBIDDEN', 'Buy this skin to download it.');
    }
    const source = await skinSourceOf(app.pool, skin.id);
    const file = source ? await app.storage.open('private', source.filename) : null;
    if (!file) throw new DomainError('NOT_FOUND', 'The file of this skin is missing.');

    let visitorKey = cookieValue(request.headers.cookie, VISITOR_COOKIE);
    if (!viewer && !(visitorKey && VISITOR_KEY.test(visitorKey))) {
      visitorKey = randomBytes(16).toString('hex');
      reply.header(
        'set-cookie',
        `${VISITOR_COOKIE}=${visitorKey}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
      );
    }
    await recordDownload(
      app,
      { id: skin.id, game: skin.game, authorId: skin.author_id },
      viewer ? { userId: viewer.id } : { visitorKey: visitorKey! },
      { ...(viewer ? { actor: { userId: viewer.id } } : {}), correlationId: request.id },
    );
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${skin.url}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
