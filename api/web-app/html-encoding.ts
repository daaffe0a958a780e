import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type HtmlEncoding = 'br' | 'gzip';

/**
 * The encoding to send a page in, from the request's Accept-Encoding: brotli, else gzip, else
 * none. An encoding with q=0 is refused; `*` stands for any not named.
 */
export function pageEncodingFor(acceptEncoding: string | undefined): HtmlEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: HtmlEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((name) => weightOf(name) > 0);
  best.sort((a, b) => weightOf(b) - weightOf(a));
  return best[0] ?? null;
}

/**
 * A page compressed for sending. Brotli at quality 5: a page (a few kB) takes well under a
 * millisecond, and is made per request since each skin's page has its own head.
 */
export async function encodePage(html: string, encoding: HtmlEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(html, { level: 6 });
}
