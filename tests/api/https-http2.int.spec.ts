import fs from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate, type SelfSignedCertificate } from '../support/self-signed-certificate';
import { createTestApp, type TestApp } from '../support/test-app';

// A page and a script well over the compression threshold.
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>TrackSkins</title><meta name="description" content="x" /></head><body><noscript>${'TrackSkins needs JavaScript. '.repeat(80)}</noscript><div id="root"></div></body></html>`;

let app: TestApp;
let certificate: SelfSignedCertificate;
let origin: string;
let session: http2.ClientHttp2Session;
beforeAll(async () => {
  const certDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-tls-'));
  certificate = await selfSignedCertificate(certDir);
  app = await createTestApp({
    config: { tls: { certFile: certificate.certFile, keyFile: certificate.keyFile } },
    webDist: async (dir) => fs.writeFile(path.join(dir, 'index.html'), INDEX_HTML),
  });
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://localhost:${new URL(address).port}`;
  session = http2.connect(origin, { ca: certificate.certPem });
});
afterAll(async () => {
  session?.close();
  await app?.close();
});

/** One request on the shared HTTP/2 connection: status, headers and the body, decoded. */
function request(
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let responseHeaders: http2.IncomingHttpHeaders = {};
    stream.on('response', (received) => (responseHeaders = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const encoding = responseHeaders['content-encoding'];
      const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : raw).toString('utf8');
      resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, text });
    });
    stream.end(body);
  });
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE and TLS_KEY_FILE set)', () => {
  it('serves pages, compressed, over HTTP/2', async () => {
    const page = await request({ ':path': '/skins', 'accept-encoding': 'br' });
    expect(page.status, page.text).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.text).toContain('<div id="root"></div>');
    expect(page.text).toContain('<title>Skins | TrackSkins</title>');
  });

  it('answers GraphQL and REST calls on the same connection', async () => {
    const [graphql, health] = await Promise.all([
      request(
        { ':method': 'POST', ':path': '/graphql', 'content-type': 'application/json' },
        JSON.stringify({ query: '{ skins(page: { page: 0, size: 1 }) { content { url } } }' }),
      ),
      request({ ':path': '/api/health' }),
    ]);
    expect(graphql.status, graphql.text).toBe(200);
    expect(JSON.parse(graphql.text)).toEqual({ data: { skins: { content: [] } } });
    expect(health.status).toBe(200);
  });

  it('still answers HTTP/1.1 clients', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca: certificate.certPem }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
  });
});
