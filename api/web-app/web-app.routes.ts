import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { COMPRESSION_THRESHOLD_BYTES } from '../compression';
import { feedLinksOf, feedScopeOf, withFeedLinks } from '../feeds/feed-links';
import { skinFeedsRoutes } from '../feeds/skin-feeds.routes';
import { crawlFilesRoutes } from './crawl-files.routes';
import { encodePage, pageEncodingFor } from './html-encoding';
import { pageMetaOf, skinsListLeadImage, staticPageMeta, withPageMeta } from './page-meta';
import { readPoolOf } from '../read-routing';

// Paths the server answers itself; anything else under GET is a page of the web app.
const SERVER_PREFIXES = [
  '/api/',
  '/graphql',
  '/graphiql',
  '/assets/',
  '/public/',
  '/local-checkout/',
  '/sitemaps/',
  '/feeds/',
];

/** A weak validator: the same page may go out brotli, gzip or plain, all with this one tag. */
const etagOf = (html: string) => `W/"${createHash('sha1').update(html).digest('base64url')}"`;

/**
 * Serves the built web app: hashed bundles under /static with a year-long cache, other files for
 * an hour, each text file as its precompressed .br or .gz sibling when the browser takes it (the
 * build writes them, infra/web-build.ts), the crawl files, and index.html (revalidated on every
 * visit, with an ETag) for every page path so the client router takes over.
 */
export async function webAppRoutes(fastify: FastifyInstance, app: AppContext) {
  const options = { distDir: app.config.webDistDir };
  const indexFile = path.join(options.distDir, 'index.html');
  const indexHtml = await fs.readFile(indexFile, 'utf8').catch(() => null);
  await crawlFilesRoutes(fastify, app);
  await skinFeedsRoutes(fastify, app);
  if (indexHtml === null) {
    fastify.log.warn({ indexFile }, 'the web app is not built; run `npm run build`');
  } else {
    await fastify.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      // The siblings are sent in place of their file, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(response, filePath) {
        const hashed = filePath.startsWith(path.join(options.distDir, 'static') + path.sep);
        response.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  fastify.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PREFIXES.some(
        (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
      );
    if (!isPage) return reply.status(404).send({ field: null, message: 'Not found.' });
    if (indexHtml === null) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    // Search results show each public page's own title and description; shared links to a skin,
    // bundle or author show its title and picture (Open Graph).
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const listLead =
      pathname === '/skins' && query.size === 0
        ? await skinsListLeadImage(readPoolOf(app, request)).catch((error) => {
            request.log.warn({ err: error }, 'the skins list could not be read for its first picture');
            return null;
          })
        : null;
    const staticMeta = staticPageMeta(pathname);
    const meta =
      (staticMeta && (listLead ? { ...staticMeta, leadImage: listLead } : staticMeta)) ??
      (await pageMetaOf(readPoolOf(app, request), pathname).catch((error) => {
        request.log.warn({ err: error }, 'page meta could not be read');
        return null;
      }));
    const withMeta = meta
      ? withPageMeta(indexHtml, meta, `${app.config.publicUrl}${pathname}`, app.config.publicUrl)
      : indexHtml;
    // Feed readers find the home page's, the skins list's and an author's feeds in the head.
    const feedScope = feedScopeOf(pathname, query, meta?.type === 'profile');
    const html = feedScope
      ? withFeedLinks(
          withMeta,
          feedLinksOf(feedScope, app.config.publicUrl, meta?.type === 'profile' ? meta.title : undefined),
        )
      : withMeta;
    const etag = etagOf(html);
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.status(304).send();
    reply.type('text/html; charset=utf-8');
    // The compression plugin hooks routes only, not this handler: pages are compressed here.
    const encoding = pageEncodingFor(request.headers['accept-encoding']);
    if (!encoding || Buffer.byteLength(html) < COMPRESSION_THRESHOLD_BYTES) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await encodePage(html, encoding));
  });
}
