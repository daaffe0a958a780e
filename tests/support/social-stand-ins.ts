import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local HTTP stand-ins of the X API v2 and the Instagram Graph API, as far as social publishing
 * uses them, and a "site" that serves images at public URLs (Instagram fetches each image it is
 * given). Each records the requests it gets and answers like the real API: success by default, or
 * the answers a test scripts for the next calls to an endpoint (a rate limit, a refusal, an error,
 * a call that never answers, a dropped connection).
 *
 * The X stand-in verifies every request's OAuth 1.0a signature (HMAC-SHA1, RFC 5849) against the
 * configured consumer and token secrets, independently of the client's signing library, and
 * answers 401 like X when it does not verify. The Instagram stand-in checks the access token,
 * fetches each `image_url` (refusing what is not a JPEG, as Instagram does), and refuses to publish
 * a container it has not reported FINISHED.
 */

export type RecordedRequest = {
  method: string;
  /** Without the query string. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** An `application/x-www-form-urlencoded` body. */
  form: URLSearchParams | null;
  /** A JSON body. */
  json: unknown;
  /** A `multipart/form-data` body. */
  multipart: FormData | null;
};

/** `hang`: take the request and never answer; `drop`: close the connection without an answer. */
export type ScriptedAnswer =
  { status: number; headers?: Record<string, string>; body?: unknown } | 'hang' | 'drop';

type Handler = (request: RecordedRequest) => Promise<ScriptedAnswer> | ScriptedAnswer;

async function record(req: http.IncomingMessage, body: Buffer): Promise<RecordedRequest> {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const contentType = req.headers['content-type'] ?? '';
  let json: unknown = null;
  let form: URLSearchParams | null = null;
  let multipart: FormData | null = null;
  if (contentType.startsWith('application/json')) json = JSON.parse(body.toString('utf8'));
  if (contentType.startsWith('application/x-www-form-urlencoded'))
    form = new URLSearchParams(body.toString('utf8'));
  if (contentType.startsWith('multipart/form-data'))
    multipart = await new Request(url, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  return {
    method: req.method ?? '',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body,
    form,
    json,
    multipart,
  };
}

/** A plain HTTP server on a free port of 127.0.0.1 that records each request and answers through `handle`. */
async function startServer(handle: Handler): Promise<{
  baseUrl: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        try {
          const request = await record(req, Buffer.concat(chunks));
          requests.push(request);
          const answer = await handle(request);
          if (answer === 'hang') return;
          if (answer === 'drop') {
            req.socket.destroy();
            return;
          }
          const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(body);
        } catch (error) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`stand-in failed: ${String(error)}`);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// X API v2

export type XCredentials = {
  apiKey: string;
  apiSecret: string;
  accessToken: string;
  accessTokenSecret: string;
};

export type XStandIn = {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Per request, in order: whether its OAuth 1.0a signature verified, and why not. */
  signatures: Array<{ path: string; valid: boolean; reason: string | null }>;
  /** Answers for the next calls to each endpoint, taken before the default success. */
  script: { upload: ScriptedAnswer[]; tweet: ScriptedAnswer[] };
  uploads: Array<{ mediaId: string; filename: string; category: string | null; type: string; bytes: Buffer }>;
  tweets: Array<{ id: string; text: string; mediaIds: string[] }>;
  close: () => Promise<void>;
};

/** RFC 3986 percent-encoding, as OAuth 1.0a requires. */
const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function oauthParameters(header: string | undefined): Map<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const parameters = new Map<string, string>();
  for (const part of header.slice('OAuth '.length).split(',')) {
    const match = /^\s*([^=\s]+)="([^"]*)"\s*$/.exec(part);
    if (!match) return null;
    parameters.set(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  }
  return parameters;
}

/** Checks a request's OAuth 1.0a HMAC-SHA1 signature as X does (RFC 5849 section 3.4). */
function verifyOAuth(
  request: RecordedRequest,
  credentials: XCredentials,
  seenNonces: Set<string>,
): string | null {
  const oauth = oauthParameters(request.headers.authorization);
  if (!oauth) return 'no OAuth authorization header';
  if (oauth.get('oauth_consumer_key') !== credentials.apiKey) return 'wrong consumer key';
  if (oauth.get('oauth_token') !== credentials.accessToken) return 'wrong access token';
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1') return 'not HMAC-SHA1';
  if (oauth.has('oauth_version') && oauth.get('oauth_version') !== '1.0') return 'not OAuth 1.0';
  const timestamp = Number(oauth.get('oauth_timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(timestamp - Date.now() / 1000) > 300) return 'stale timestamp';
  const nonce = oauth.get('oauth_nonce') ?? '';
  if (nonce === '' || seenNonces.has(nonce)) return 'missing or repeated nonce';
  seenNonces.add(nonce);
  const signature = oauth.get('oauth_signature') ?? '';
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of oauth)
    if (key !== 'oauth_signature' && key !== 'realm') pairs.push([key, value]);
  for (const [key, value] of request.query) pairs.push([key, value]);
  if (request.form) for (const [key, value] of request.form) pairs.push([key, value]);
  const normalized = pairs
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const baseUrl = `http://${String(request.headers.host).toLowerCase()}${request.path}`;
  const base = [request.method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalized)].join('&');
  const key = `${percentEncode(credentials.apiSecret)}&${percentEncode(credentials.accessTokenSecret)}`;
  const expected = createHmac('sha1', key).update(base).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? null
    : 'signature does not verify';
}

export async function startXStandIn(credentials: XCredentials): Promise<XStandIn> {
  const seenNonces = new Set<string>();
  let nextId = 1880028106020515840n;
  const standIn: Omit<XStandIn, 'baseUrl' | 'requests' | 'close'> = {
    signatures: [],
    script: { upload: [], tweet: [] },
    uploads: [],
    tweets: [],
  };
  const server = await startServer(async (request) => {
    const problem = verifyOAuth(request, credentials, seenNonces);
    standIn.signatures.push({ path: request.path, valid: problem === null, reason: problem });
    if (problem !== null)
      return {
        status: 401,
        body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
      };

    if (request.method === 'POST' && request.path === '/2/media/upload') {
      const scripted = standIn.script.upload.shift();
      if (scripted) return scripted;
      const media = request.multipart?.get('media');
      if (!(media instanceof File))
        return {
          status: 400,
          body: {
            errors: [{ message: 'media is required' }],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
          },
        };
      const mediaId = String((nextId += 1n));
      const category = request.multipart?.get('media_category');
      standIn.uploads.push({
        mediaId,
        filename: media.name,
        type: media.type,
        category: typeof category === 'string' ? category : null,
        bytes: Buffer.from(await media.arrayBuffer()),
      });
      return {
        status: 200,
        body: {
          data: {
            id: mediaId,
            media_key: `3_${mediaId}`,
            size: media.size,
            expires_after_secs: 86400,
            image: { image_type: 'image/jpeg', w: 1280, h: 720 },
          },
        },
      };
    }

    if (request.method === 'POST' && request.path === '/2/tweets') {
      const scripted = standIn.script.tweet.shift();
      if (scripted) return scripted;
      const body = request.json as { text?: string; media?: { media_ids?: string[] } };
      const mediaIds = body.media?.media_ids ?? [];
      if (mediaIds.some((id) => !standIn.uploads.some((upload) => upload.mediaId === id)))
        return {
          status: 400,
          body: {
            errors: [{ parameters: { 'media.media_ids': mediaIds }, message: 'Your media IDs are invalid.' }],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: 'https://api.twitter.com/2/problems/invalid-request',
          },
        };
      const id = String((nextId += 1n));
      standIn.tweets.push({ id, text: body.text ?? '', mediaIds });
      return { status: 201, body: { data: { id, text: body.text, edit_history_tweet_ids: [id] } } };
    }
    return {
      status: 404,
      body: { title: 'Not Found Error', detail: `No route ${request.path}`, status: 404 },
    };
  });
  return Object.assign(standIn, server);
}

// ---------------------------------------------------------------------------------------------
// Instagram Graph API

export type InstagramContainer = {
  id: string;
  imageUrl: string | null;
  caption: string | null;
  isCarouselItem: boolean;
  mediaType: string | null;
  children: string[];
  finished: boolean;
  published: boolean;
};

export type InstagramStandIn = {
  /** With the API version, like the real base URL: `http://127.0.0.1:{port}/v26.0`. */
  baseUrl: string;
  requests: RecordedRequest[];
  containers: InstagramContainer[];
  published: Array<{ mediaId: string; creationId: string }>;
  /** Answers for the next calls to each endpoint, taken before the default behaviour. */
  script: {
    container: ScriptedAnswer[];
    status: ScriptedAnswer[];
    publish: ScriptedAnswer[];
    permalink: ScriptedAnswer[];
  };
  /** status_code values the next status looks answer, in order, before FINISHED. */
  statusCodes: string[];
  close: () => Promise<void>;
};

const graphError = (status: number, error: Record<string, unknown>) => ({
  status,
  body: { error: { type: 'OAuthException', fbtrace_id: 'AbCdEfGh123', ...error } },
});

export async function startInstagramStandIn(options: {
  userId: string;
  accessToken: string;
  version?: string;
}): Promise<InstagramStandIn> {
  const version = options.version ?? 'v26.0';
  let nextId = 17_900_000_000_000_000n;
  const newId = () => String((nextId += 1n));
  const standIn: Omit<InstagramStandIn, 'baseUrl' | 'requests' | 'close'> = {
    containers: [],
    published: [],
    script: { container: [], status: [], publish: [], permalink: [] },
    statusCodes: [],
  };
  const server = await startServer(async (request) => {
    const parameters = request.method === 'GET' ? request.query : (request.form ?? new URLSearchParams());
    if (parameters.get('access_token') !== options.accessToken)
      return graphError(400, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        code: 190,
      });
    const [, requestVersion, node, edge] = request.path.split('/');
    if (requestVersion !== version)
      return graphError(400, { message: `Unknown version ${requestVersion}`, code: 2635 });

    if (request.method === 'POST' && node === options.userId && edge === 'media') {
      const scripted = standIn.script.container.shift();
      if (scripted) return scripted;
      const container: InstagramContainer = {
        id: newId(),
        imageUrl: parameters.get('image_url'),
        caption: parameters.get('caption'),
        isCarouselItem: parameters.get('is_carousel_item') === 'true',
        mediaType: parameters.get('media_type'),
        children: parameters.get('children')?.split(',') ?? [],
        finished: false,
        published: false,
      };
      if (container.mediaType === 'CAROUSEL') {
        const known = container.children.every((id) =>
          standIn.containers.some((c) => c.id === id && c.isCarouselItem),
        );
        if (container.children.length < 2 || container.children.length > 10 || !known)
          return graphError(400, {
            message: 'The carousel children are invalid.',
            code: 100,
            error_subcode: 2207030,
          });
      } else {
        // Instagram cURLs the image: it must be a public JPEG.
        const image = container.imageUrl ? await fetch(container.imageUrl).catch(() => null) : null;
        if (!image?.ok || image.headers.get('content-type') !== 'image/jpeg')
          return graphError(400, {
            message: 'Only photo or video can be accepted as media type.',
            code: 9004,
            error_subcode: 2207052,
            error_user_title: 'Media download has failed.',
            error_user_msg: 'The media could not be fetched from this URI: ' + container.imageUrl,
          });
      }
      standIn.containers.push(container);
      return { status: 200, body: { id: container.id } };
    }

    if (request.method === 'POST' && node === options.userId && edge === 'media_publish') {
      const scripted = standIn.script.publish.shift();
      if (scripted) return scripted;
      const container = standIn.containers.find((c) => c.id === parameters.get('creation_id'));
      if (!container || container.isCarouselItem || container.published || !container.finished)
        return graphError(400, {
          message: 'Media ID is not available',
          code: 9007,
          error_subcode: 2207027,
          error_user_msg: 'The media is not ready for publishing, please wait for a moment',
        });
      container.published = true;
      const mediaId = newId();
      standIn.published.push({ mediaId, creationId: container.id });
      return { status: 200, body: { id: mediaId } };
    }

    if (request.method === 'GET' && node && !edge) {
      const fields = parameters.get('fields')?.split(',') ?? [];
      const container = standIn.containers.find((c) => c.id === node);
      if (container && fields.includes('status_code')) {
        const scripted = standIn.script.status.shift();
        if (scripted) return scripted;
        const statusCode = standIn.statusCodes.shift() ?? 'FINISHED';
        if (statusCode === 'FINISHED') container.finished = true;
        return {
          status: 200,
          body: {
            status_code: statusCode,
            ...(statusCode === 'ERROR'
              ? { status: 'Error: 2207003 - The media could not be processed' }
              : {}),
            id: node,
          },
        };
      }
      const media = standIn.published.find((p) => p.mediaId === node);
      if (media && fields.includes('permalink')) {
        const scripted = standIn.script.permalink.shift();
        if (scripted) return scripted;
        return {
          status: 200,
          body: { permalink: `https://www.instagram.com/p/C${node.slice(-8)}/`, id: node },
        };
      }
    }
    return graphError(400, {
      message: `Unsupported ${request.method.toLowerCase()} request. Object with ID '${node}' does not exist`,
      code: 100,
      error_subcode: 33,
    });
  });
  return Object.assign(standIn, server, { baseUrl: `${server.baseUrl}/${version}` });
}

// ---------------------------------------------------------------------------------------------
// The site's public images

/** Serves `images` (name → bytes) as JPEGs at `{baseUrl}/public/{name}`, as the site serves stored images. */
export async function startImageSite(images: Record<string, Buffer>): Promise<{
  baseUrl: string;
  /** The paths asked for, in order. */
  served: string[];
  close: () => Promise<void>;
}> {
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://site').pathname;
    served.push(pathname);
    const name = decodeURIComponent(pathname.replace(/^\/public\//, ''));
    const image = images[name];
    if (!image) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length });
    res.end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
