import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import {
  PUBLIC_PAGES,
  SITEMAP_MAX_URLS,
  robotsTxt,
  sitemapIndexXml,
  sitemapPart,
  sitemapXml,
  webAppManifest,
  type SitemapEntry,
} from './crawl-files';
import { cataloguePages, countCataloguePages } from './sitemap.repository';
import type { Queryable } from '../../infra/db/pool';
import { readPoolOf } from '../read-routing';

/** Crawlers and browsers may keep these an hour: new skins reach the sitemap soon enough. */
const CACHE_CONTROL = 'public, max-age=3600';

const partParams = z.object({ part: z.coerce.number().int().min(1).max(100_000) });

/**
 * The files crawlers and browsers ask the site for: /robots.txt, /sitemap.xml (a sitemap index
 * with /sitemaps/{n}.xml parts once there are more than 50,000 pages) and /manifest.webmanifest.
 */
export async function crawlFilesRoutes(fastify: FastifyInstance, app: AppContext) {
  const publicUrl = app.config.publicUrl.replace(/\/$/, '');
  const robots = robotsTxt(publicUrl);
  const manifest = JSON.stringify(webAppManifest());

  fastify.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );

  fastify.get('/manifest.webmanifest', async (_request, reply) =>
    reply
      .header('cache-control', CACHE_CONTROL)
      .type('application/manifest+json; charset=utf-8')
      .send(manifest),
  );

  async function entriesOfPart(pool: Queryable, part: number): Promise<SitemapEntry[]> {
    const { publicPages, catalogueOffset, catalogueLimit } = sitemapPart(part);
    return [
      ...publicPages.map((path) => ({ path, lastModified: null })),
      ...(await cataloguePages(pool, catalogueOffset, catalogueLimit)),
    ];
  }

  fastify.get('/sitemap.xml', async (request, reply) => {
    const pool = readPoolOf(app, request);
    const total = PUBLIC_PAGES.length + (await countCataloguePages(pool));
    const xml =
      total <= SITEMAP_MAX_URLS
        ? sitemapXml(publicUrl, await entriesOfPart(pool, 1))
        : sitemapIndexXml(publicUrl, Math.ceil(total / SITEMAP_MAX_URLS), app.now());
    return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);
  });

  fastify.get('/sitemaps/:part.xml', async (request, reply) => {
    const params = partParams.safeParse(request.params);
    const entries = params.success ? await entriesOfPart(readPoolOf(app, request), params.data.part) : [];
    if (entries.length === 0) return reply.status(404).send({ field: null, message: 'Not found.' });
    return reply
      .header('cache-control', CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(publicUrl, entries));
  });
}
