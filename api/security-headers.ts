import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../infra/config';

/** Where the skin pages' videos play (web/src/shared/gallery/video-embed.ts). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** The SHA-256 sources of the inline scripts of the built index.html (the colour-scheme script). */
export async function inlineScriptHashes(webDistDir: string): Promise<string[]> {
  const html = await fs.readFile(path.join(webDistDir, 'index.html'), 'utf8').catch(() => null);
  if (html === null) return [];
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** The web app's Content-Security-Policy directives (docs/security.md says why each is there). */
export function contentSecurityPolicy(scriptHashes: string[], https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // Mantine sets CSS variables in <style> elements and style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Upload previews are blob: URLs; avatars may be data: URLs.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'frame-src': VIDEO_PLAYERS,
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** GraphiQL (development only) loads its scripts and styles from unpkg and styles itself inline. */
const GRAPHIQL_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://unpkg.com",
  "style-src 'self' 'unsafe-inline' https://unpkg.com",
  "img-src 'self' data: https://unpkg.com",
  "font-src 'self' data: https://unpkg.com",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What @fastify/helmet is configured with for this app. */
export async function helmetOptionsOf(config: Config) {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(await inlineScriptHashes(config.webDistDir), https),
    },
    // The embedded video players are not cross-origin isolated.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : (false as const),
    xFrameOptions: { action: 'deny' as const },
  };
}

/**
 * Security headers on every answer (@fastify/helmet's): the Content-Security-Policy, no framing,
 * nosniff, a referrer policy that keeps paths private (and still lets the video players see the
 * site, which they require), and HSTS when the public URL is https.
 *
 * The headers do not change from one answer to the next, but @fastify/helmet builds helmet's
 * middleware again for every request (parsing the CSP directives each time): a tenth of the time
 * of an answer the response cache serves. So they are read once from an answer of a probe app
 * with @fastify/helmet as configured here, and set as they are on every request, on the raw
 * response as helmet sets them (so they are there whatever sends the answer).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: Config): Promise<void> {
  const headers = await helmetHeadersOf(await helmetOptionsOf(config));
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  if (config.env === 'development') {
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (request.url === '/graphiql' || request.url.startsWith('/graphiql/')) {
        reply.header('content-security-policy', GRAPHIQL_POLICY);
      }
      return payload;
    });
  }
}

/** The headers @fastify/helmet sets with `options`, as an answer of an app with only it shows them. */
export async function helmetHeadersOf(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, string][] = [];
  probe.get('/', async (_request, reply) => {
    // Only helmet's hooks ran: every header on the raw response is one of its (names as it wrote them).
    // (Node has had getRawHeaderNames since 15.13; @types/node does not declare it.)
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => {
      const value = raw.getHeader(name);
      return [name, Array.isArray(value) ? value.join(', ') : String(value)];
    });
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('@fastify/helmet set no header on the probe.');
  return headers;
}
