import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { FEED_FORMATS, gameOfSlug, skinFeed, type FeedFormat, type FeedScope } from './skin-feeds';
import { feedAuthorByUrl, newestListedSkins } from './skin-feeds.repository';
import { readPoolOf } from '../read-routing';

/** Feed readers may keep a feed a quarter of an hour (the feeds' `ttl` says the same). */
const CACHE_CONTROL = 'public, max-age=900';

/** `tm2020.rss` → name and format; null for any other file name. */
function feedFile(file: string): { name: string; format: FeedFormat } | null {
  const match = /^(.{1,200})\.(rss|atom)$/.exec(file);
  if (!match) return null;
  try {
    return { name: decodeURIComponent(match[1]!), format: match[2] as FeedFormat };
  } catch {
    return null;
  }
}

const notFound = (reply: FastifyReply) => reply.status(404).send({ field: null, message: 'Not found.' });

/**
 * RSS 2.0 and Atom 1.0 feeds of the newest listed skins (docs/community.md, "Feeds"):
 * /feeds/skins.rss|.atom (every game), /feeds/skins/{game}.rss|.atom (`tm2020`, `tmnf`, `tm-turbo`,
 * `tm2`, ...) and /feeds/authors/{author's page address}.rss|.atom. Each answer carries a weak ETag
 * of its bytes and the time of its latest change, and a conditional request gets a 304.
 */
export async function skinFeedsRoutes(fastify: FastifyInstance, app: AppContext) {
  const publicUrl = app.config.publicUrl.replace(/\/$/, '');

  async function send(request: FastifyRequest, reply: FastifyReply, format: FeedFormat, scope: FeedScope) {
    const skins = await newestListedSkins(readPoolOf(app, request), {
      ...(scope.kind === 'game' ? { game: scope.game } : {}),
      ...(scope.kind === 'author' ? { authorId: scope.id } : {}),
    });
    const { xml, updated } = skinFeed(format, scope, skins, publicUrl);
    const etag = `W/"${createHash('sha1').update(xml).digest('base64url')}"`;
    // HTTP dates have whole seconds.
    const lastModified = new Date(Math.floor(updated.getTime() / 1000) * 1000);
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', etag)
      .header('last-modified', lastModified.toUTCString())
      .header('vary', 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const unchanged = ifNoneMatch
      ? ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === etag || tag === '*')
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= lastModified.getTime();
    if (unchanged) return reply.status(304).send();
    return reply.type(FEED_FORMATS[format].contentType).send(xml);
  }

  fastify.get('/feeds/skins.rss', (request, reply) => send(request, reply, 'rss', { kind: 'all' }));
  fastify.get('/feeds/skins.atom', (request, reply) => send(request, reply, 'atom', { kind: 'all' }));

  fastify.get<{ Params: { file: string } }>('/feeds/skins/:file', async (request, reply) => {
    const file = feedFile(request.params.file);
    const game = file && gameOfSlug(file.name);
    if (!file || !game) return notFound(reply);
    return send(request, reply, file.format, { kind: 'game', game });
  });

  fastify.get<{ Params: { file: string } }>('/feeds/authors/:file', async (request, reply) => {
    const file = feedFile(request.params.file);
    const author = file && (await feedAuthorByUrl(readPoolOf(app, request), file.name));
    if (!file || !author) return notFound(reply);
    return send(request, reply, file.format, {
      kind: 'author',
      id: author.id,
      url: author.url,
      username: author.username,
      description: author.description,
      since: author.createdAt,
    });
  });
}
