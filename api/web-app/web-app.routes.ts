import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { pageMetaOf, withPageMeta } from './page-meta';

// Paths the server answers itself; anything else under GET is a page of the web app.
const SERVER_PREFIXES = ['/api/', '/graphql', '/graphiql', '/assets/', '/public/', '/local-checkout/'];

/**
 * Serves the built web app: hashed bundles under /static with a year-long cache, other files
 * as they are, and index.html (never cached) for every page path so the client router takes over.
 */
export async function webAppRoutes(fastify: FastifyInstance, app: AppContext) {
  const options = { distDir: app.config.webDistDir };
  const indexFile = path.join(options.distDir, 'index.html');
  const indexHtml = await fs.readFile(indexFile, 'utf8').catch(() => null);
  if (indexHtml === null) {
    fastify.log.warn({ indexFile }, 'the web app is not built; run `npm run build`');
  } else {
    await fastify.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
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
    // Shared links to a skin, bundle or author show its title and picture (Open Graph).
    const meta = await pageMetaOf(app.pool, pathname).catch((error) => {
      request.log.warn({ err: error }, 'page meta could not be read');
      return null;
    });
    const html = meta
      ? withPageMeta(indexHtml, meta, `${app.config.publicUrl}${pathname}`, app.config.publicUrl)
      : indexHtml;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
