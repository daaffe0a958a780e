import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import { InstagramGraphPublisher } from '../../infra/social/instagram-graph.publisher';
import { LocalSocialOutbox, listSocialOutbox } from '../../infra/social/local-social-outbox';
import { SocialPublishError, type SocialImage, type SocialPost } from '../../infra/social/social-publisher';
import { createSocialPublishers } from '../../infra/social/social-publishers';
import { XApiPublisher } from '../../infra/social/x-api.publisher';
import { freePort } from '../support/free-port';
import {
  startImageSite,
  startInstagramStandIn,
  startXStandIn,
  type InstagramStandIn,
  type XStandIn,
} from '../support/social-stand-ins';

// Needs no database (the int project's global setup starts one anyway): an int test because it
// starts HTTP servers that play X, Instagram and the site's public images.

const X_CREDENTIALS = {
  apiKey: 'x-consumer-key',
  apiSecret: 'x-consumer-secret-never-logged',
  accessToken: '1234-x-access-token-never-logged',
  accessTokenSecret: 'x-access-secret-never-logged',
};
const INSTAGRAM = { userId: '17841400000000001', accessToken: 'EAAG-instagram-token-never-logged' };
const SECRETS = [
  X_CREDENTIALS.apiSecret,
  X_CREDENTIALS.accessToken,
  X_CREDENTIALS.accessTokenSecret,
  INSTAGRAM.accessToken,
];

const IMAGE_COUNT = 11;
/** Bytes that start and end like a JPEG, different for each image. */
const jpegs = Array.from({ length: IMAGE_COUNT }, (_, i) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(`skin image ${i + 1}`),
    randomBytes(3000),
    Buffer.from([0xff, 0xd9]),
  ]),
);
const imageName = (n: number) => `skin-42-${n}.jpg`;

let site: Awaited<ReturnType<typeof startImageSite>>;
let x: XStandIn;
let instagram: InstagramStandIn;
let logged: string[];
let log: Logger;

beforeAll(async () => {
  site = await startImageSite(Object.fromEntries(jpegs.map((bytes, i) => [imageName(i + 1), bytes])));
  x = await startXStandIn(X_CREDENTIALS);
  instagram = await startInstagramStandIn(INSTAGRAM);
});

afterAll(async () => {
  await Promise.all([site.close(), x.close(), instagram.close()]);
});

beforeEach(() => {
  logged = [];
  log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  x.requests.length = 0;
  x.signatures.length = 0;
  x.uploads.length = 0;
  x.tweets.length = 0;
  x.script.upload = [];
  x.script.tweet = [];
  instagram.requests.length = 0;
  instagram.containers.length = 0;
  instagram.published.length = 0;
  instagram.script = { container: [], status: [], publish: [], permalink: [] };
  instagram.statusCodes = [];
  site.served.length = 0;
});

afterEach(() => {
  // Whatever happened, no token or secret reached the log.
  const text = logged.join('');
  for (const secret of SECRETS) expect(text).not.toContain(secret);
});

/** Images 1-based by number, in the order given, with their public URLs on the site. */
function images(...numbers: number[]): SocialImage[] {
  return numbers.map((n) => ({
    filename: imageName(n),
    contentType: 'image/jpeg',
    publicUrl: `${site.baseUrl}/public/${imageName(n)}`,
    read: async () => jpegs[n - 1]!,
  }));
}

const post = (message: string, ...numbers: number[]): SocialPost => ({
  reference: randomUUID(),
  message,
  images: images(...numbers),
});

async function failureOf(publishing: Promise<unknown>): Promise<SocialPublishError> {
  const error = await publishing.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SocialPublishError);
  return error as SocialPublishError;
}

const routes = (standIn: { requests: Array<{ method: string; path: string }> }) =>
  standIn.requests.map((request) => `${request.method} ${request.path}`);

describe('X API v2 publisher', () => {
  const NOW = Date.parse('2026-11-25T12:00:00Z');
  const publisher = (
    overrides: Partial<typeof X_CREDENTIALS & { baseUrl: string }> = {},
    timeoutMs?: number,
  ) =>
    new XApiPublisher(
      { ...X_CREDENTIALS, baseUrl: x.baseUrl, ...overrides },
      { log, now: () => NOW, ...(timeoutMs ? { timeoutMs } : {}) },
    );

  it('uploads each image first, then posts the message with their media ids in order, signed with OAuth 1.0a', async () => {
    const message = 'New skin: the Red Bull livery! https://trackskins.gg/skins/42 #Trackmania 🏎️';
    const published = await publisher().publish(post(message, 3, 1, 2));

    expect(routes(x)).toEqual([
      'POST /2/media/upload',
      'POST /2/media/upload',
      'POST /2/media/upload',
      'POST /2/tweets',
    ]);
    // The stand-in recomputed every signature from the configured secrets.
    expect(x.signatures).toHaveLength(4);
    expect(x.signatures.every((signature) => signature.valid)).toBe(true);
    for (const request of x.requests) {
      expect(request.headers.authorization).toMatch(/^OAuth /);
      expect(request.headers.authorization).toContain('oauth_signature_method="HMAC-SHA1"');
      expect(request.headers.authorization).toContain(`oauth_consumer_key="${X_CREDENTIALS.apiKey}"`);
    }
    expect(x.uploads.map(({ filename, category, type }) => ({ filename, category, type }))).toEqual(
      [3, 1, 2].map((n) => ({ filename: imageName(n), category: 'tweet_image', type: 'image/jpeg' })),
    );
    expect(x.uploads.map((upload) => upload.bytes)).toEqual([jpegs[2], jpegs[0], jpegs[1]]);
    expect(x.tweets).toEqual([
      { id: published.postId, text: message, mediaIds: x.uploads.map((u) => u.mediaId) },
    ]);
    expect(x.requests[3]!.json).toEqual({
      text: message,
      media: { media_ids: x.uploads.map((u) => u.mediaId) },
    });
    expect(published).toEqual({
      postId: x.tweets[0]!.id,
      url: `https://x.com/i/web/status/${x.tweets[0]!.id}`,
      delivery: 'API',
      outboxFile: null,
    });
    const calls = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(calls.filter((line) => line.msg === 'social network call')).toHaveLength(4);
    expect(calls.every((line) => line.network === 'TWITTER')).toBe(true);
  });

  it('is refused by X (REJECTED, 401) when signed with other secrets', async () => {
    const error = await failureOf(publisher({ accessTokenSecret: 'another-secret' }).publish(post('Hi', 1)));
    expect(x.signatures).toEqual([
      { path: '/2/media/upload', valid: false, reason: 'signature does not verify' },
    ]);
    expect(error).toMatchObject({
      network: 'TWITTER',
      kind: 'REJECTED',
      status: 401,
      retryAfterSeconds: null,
    });
    expect(error.message).toBe('Unauthorized');
    expect(x.tweets).toEqual([]);
  });

  it('reports a rate limit with the seconds until the window resets', async () => {
    const resetIn = (seconds: number) => String(NOW / 1000 + seconds);
    x.script.tweet.push({
      status: 429,
      headers: {
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': resetIn(900),
      },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const error = await failureOf(publisher().publish(post('Hi', 1)));
    expect(error).toMatchObject({
      network: 'TWITTER',
      kind: 'RATE_LIMITED',
      status: 429,
      retryAfterSeconds: 900,
    });
    expect(error.message).toBe('X is limiting posts; try again in 15 minutes.');

    // The account's 24-hour limit spent: its reset counts, not the 15-minute window's.
    x.script.tweet.push({
      status: 429,
      headers: {
        'x-rate-limit-reset': resetIn(60),
        'x-user-limit-24hour-limit': '17',
        'x-user-limit-24hour-remaining': '0',
        'x-user-limit-24hour-reset': resetIn(5 * 3600),
      },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({
      kind: 'RATE_LIMITED',
      retryAfterSeconds: 5 * 3600,
    });

    // Only Retry-After, on an image upload.
    x.script.upload.push({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { title: 'Too Many Requests' },
    });
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({
      kind: 'RATE_LIMITED',
      retryAfterSeconds: 120,
    });
  });

  it("reports a refusal (REJECTED) in X's words", async () => {
    x.script.tweet.push({
      status: 403,
      body: {
        detail: 'You are not allowed to create a Tweet with duplicate content.',
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
      },
    });
    const duplicate = await failureOf(publisher().publish(post('Hi', 1)));
    expect(duplicate).toMatchObject({ kind: 'REJECTED', status: 403, retryAfterSeconds: null });
    expect(duplicate.message).toBe('You are not allowed to create a Tweet with duplicate content.');

    x.script.tweet.push({
      status: 400,
      body: {
        errors: [{ parameters: { text: ['…'] }, message: 'Your Tweet text is too long.' }],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      },
    });
    const invalid = await failureOf(publisher().publish(post('Hi', 1)));
    expect(invalid).toMatchObject({ kind: 'REJECTED', status: 400 });
    expect(invalid.message).toBe(
      'One or more parameters to your request was invalid. — Your Tweet text is too long.',
    );
  });

  it('reports UNAVAILABLE on a server error, a call that never answers, a dropped connection and no server', async () => {
    x.script.upload.push({ status: 503, body: { title: 'Service Unavailable', status: 503 } });
    expect(await failureOf(publisher().publish(post('Hi', 1, 2)))).toMatchObject({
      kind: 'UNAVAILABLE',
      status: 503,
    });
    expect(routes(x)).toEqual(['POST /2/media/upload']);

    x.script.tweet.push('hang');
    const started = Date.now();
    const timedOut = await failureOf(publisher({}, 300).publish(post('Hi', 1)));
    expect(timedOut).toMatchObject({ kind: 'UNAVAILABLE', status: null });
    expect(timedOut.message).toBe('X did not answer within 300 ms.');
    expect(Date.now() - started).toBeLessThan(5000);

    x.script.tweet.push('drop');
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({ kind: 'UNAVAILABLE' });

    const nobody = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await failureOf(publisher({ baseUrl: nobody }).publish(post('Hi', 1)));
    expect(unreachable).toMatchObject({ kind: 'UNAVAILABLE', status: null });
    expect(unreachable.message).toBe('X could not be reached.');
  });

  it('refuses (REJECTED) a post X does not take before sending anything', async () => {
    const tooMany = await failureOf(publisher().publish(post('Hi', 1, 2, 3, 4, 5)));
    expect(tooMany).toMatchObject({ kind: 'REJECTED', status: null, message: 'X takes at most 4 images.' });
    const tooHeavy = await failureOf(publisher().publish(post('日'.repeat(141), 1)));
    expect(tooHeavy.message).toBe('X counts this message as 282 characters; it takes at most 280.');
    expect(x.requests).toEqual([]);
  });
});

describe('Instagram Graph API publisher', () => {
  const publisher = (overrides: Partial<typeof INSTAGRAM & { baseUrl: string }> = {}, options = {}) =>
    new InstagramGraphPublisher(
      { ...INSTAGRAM, baseUrl: instagram.baseUrl, ...overrides },
      { log, pollIntervalMs: 10, ...options },
    );
  const media = `/v26.0/${INSTAGRAM.userId}/media`;
  const mediaPublish = `/v26.0/${INSTAGRAM.userId}/media_publish`;

  it('posts one image: a container with the image URL and caption, then publishes it once FINISHED', async () => {
    const message = 'Skin of the month: Neon Drift by @author #Trackmania';
    const published = await publisher().publish(post(message, 4));
    const [container] = instagram.containers;
    const { mediaId } = instagram.published[0]!;

    expect(routes(instagram)).toEqual([
      `POST ${media}`,
      `GET /v26.0/${container!.id}`,
      `POST ${mediaPublish}`,
      `GET /v26.0/${mediaId}`,
    ]);
    expect(Object.fromEntries(instagram.requests[0]!.form!)).toEqual({
      image_url: `${site.baseUrl}/public/${imageName(4)}`,
      caption: message,
      access_token: INSTAGRAM.accessToken,
    });
    expect(instagram.requests[1]!.query.get('fields')).toContain('status_code');
    expect(Object.fromEntries(instagram.requests[2]!.form!)).toEqual({
      creation_id: container!.id,
      access_token: INSTAGRAM.accessToken,
    });
    expect(instagram.requests[3]!.query.get('fields')).toBe('permalink');
    expect(site.served).toEqual([`/public/${imageName(4)}`]);
    expect(published).toEqual({
      postId: mediaId,
      url: `https://www.instagram.com/p/C${mediaId.slice(-8)}/`,
      delivery: 'API',
      outboxFile: null,
    });
  });

  it('posts several images as a carousel: one child per image in the chosen order, then the carousel', async () => {
    const message = 'Three views of the Neon Drift skin';
    const published = await publisher().publish(post(message, 7, 2, 5));
    const children = instagram.containers.slice(0, 3);
    const carousel = instagram.containers[3]!;

    expect(routes(instagram)).toEqual([
      `POST ${media}`,
      `POST ${media}`,
      `POST ${media}`,
      `POST ${media}`,
      `GET /v26.0/${carousel.id}`,
      `POST ${mediaPublish}`,
      `GET /v26.0/${published.postId}`,
    ]);
    expect(instagram.requests.slice(0, 3).map((request) => Object.fromEntries(request.form!))).toEqual(
      [7, 2, 5].map((n) => ({
        image_url: `${site.baseUrl}/public/${imageName(n)}`,
        is_carousel_item: 'true',
        access_token: INSTAGRAM.accessToken,
      })),
    );
    expect(Object.fromEntries(instagram.requests[3]!.form!)).toEqual({
      media_type: 'CAROUSEL',
      children: children.map((child) => child.id).join(','),
      caption: message,
      access_token: INSTAGRAM.accessToken,
    });
    expect(instagram.published).toEqual([{ mediaId: published.postId, creationId: carousel.id }]);
    expect(published.delivery).toBe('API');
  });

  it('waits while the container is IN_PROGRESS and publishes once it is FINISHED', async () => {
    instagram.statusCodes = ['IN_PROGRESS', 'IN_PROGRESS'];
    const published = await publisher().publish(post('Hi', 1));
    expect(routes(instagram).filter((route) => route.startsWith('GET'))).toHaveLength(4); // 3 looks, 1 permalink
    expect(instagram.published.map((p) => p.mediaId)).toEqual([published.postId]);
  });

  it('gives up (UNAVAILABLE) without publishing when the container stays IN_PROGRESS', async () => {
    instagram.statusCodes = ['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS'];
    const error = await failureOf(publisher({}, { maxPolls: 3 }).publish(post('Hi', 1)));
    expect(error).toMatchObject({ network: 'INSTAGRAM', kind: 'UNAVAILABLE' });
    expect(routes(instagram).filter((route) => route.startsWith('GET'))).toHaveLength(3);
    expect(routes(instagram)).not.toContain(`POST ${mediaPublish}`);
  });

  it('reports a container in ERROR or EXPIRED as REJECTED', async () => {
    instagram.statusCodes = ['ERROR'];
    const error = await failureOf(publisher().publish(post('Hi', 1)));
    expect(error).toMatchObject({ kind: 'REJECTED' });
    expect(error.message).toBe('Error: 2207003 - The media could not be processed');
    instagram.statusCodes = ['EXPIRED'];
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({ kind: 'REJECTED' });
    expect(instagram.published).toEqual([]);
  });

  it('reports the rate-limit codes 4, 17, 32, 613 and HTTP 429 as RATE_LIMITED, with the wait Meta gives', async () => {
    instagram.script.container.push({
      status: 400,
      headers: {
        'x-business-use-case-usage': JSON.stringify({
          [INSTAGRAM.userId]: [
            { type: 'instagram', call_count: 100, total_time: 20, estimated_time_to_regain_access: 15 },
          ],
        }),
      },
      body: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } },
    });
    const error = await failureOf(publisher().publish(post('Hi', 1)));
    expect(error).toMatchObject({ kind: 'RATE_LIMITED', status: 400, retryAfterSeconds: 900 });
    expect(error.message).toBe('Instagram is limiting posts; try again in 15 minutes.');

    for (const code of [17, 32, 613]) {
      instagram.script.publish.push({ status: 400, body: { error: { message: 'Too many calls', code } } });
      expect(await failureOf(publisher().publish(post('Hi', 1))), `code ${code}`).toMatchObject({
        kind: 'RATE_LIMITED',
        retryAfterSeconds: null,
      });
    }
    instagram.script.status.push({ status: 429, headers: { 'retry-after': '60' }, body: {} });
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({
      kind: 'RATE_LIMITED',
      status: 429,
      retryAfterSeconds: 60,
    });
    instagram.script.publish.push({
      status: 400,
      body: { error: { message: 'Application request limit reached', code: 9, error_subcode: 2207042 } },
    });
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({ kind: 'RATE_LIMITED' });
  });

  it("reports a refusal (REJECTED) in Instagram's words: an image it cannot fetch, a bad token", async () => {
    const unreachableImage: SocialPost = {
      reference: randomUUID(),
      message: 'Hi',
      images: [{ ...images(1)[0]!, publicUrl: `${site.baseUrl}/public/missing.jpg` }],
    };
    const notFetched = await failureOf(publisher().publish(unreachableImage));
    expect(notFetched).toMatchObject({ kind: 'REJECTED', status: 400 });
    expect(notFetched.message).toBe(
      `The media could not be fetched from this URI: ${site.baseUrl}/public/missing.jpg`,
    );

    const badToken = await failureOf(publisher({ accessToken: 'expired-token' }).publish(post('Hi', 1)));
    expect(badToken).toMatchObject({ kind: 'REJECTED', status: 400 });
    expect(badToken.message).toBe('Invalid OAuth access token - Cannot parse access token');
    expect(instagram.published).toEqual([]);
  });

  it('reports UNAVAILABLE on a server error, a transient error, a call that never answers and no server', async () => {
    instagram.script.publish.push({
      status: 500,
      body: { error: { message: 'An unknown error occurred', code: 1 } },
    });
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({
      kind: 'UNAVAILABLE',
      status: 500,
    });

    instagram.script.container.push({
      status: 400,
      body: { error: { message: 'Service temporarily unavailable', code: 2, is_transient: true } },
    });
    expect(await failureOf(publisher().publish(post('Hi', 1)))).toMatchObject({
      kind: 'UNAVAILABLE',
      status: 400,
    });

    instagram.script.container.push('hang');
    expect(await failureOf(publisher({}, { timeoutMs: 300 }).publish(post('Hi', 1)))).toMatchObject({
      kind: 'UNAVAILABLE',
      status: null,
    });

    const nobody = `http://127.0.0.1:${await freePort()}/v26.0`;
    const unreachable = await failureOf(publisher({ baseUrl: nobody }).publish(post('Hi', 1)));
    expect(unreachable).toMatchObject({ kind: 'UNAVAILABLE', message: 'Instagram could not be reached.' });
  });

  it('returns the publication without a URL when the permalink cannot be read', async () => {
    instagram.script.permalink.push({ status: 500, body: { error: { message: 'oops', code: 1 } } });
    const published = await publisher().publish(post('Hi', 1));
    expect(published).toEqual({
      postId: instagram.published[0]!.mediaId,
      url: null,
      delivery: 'API',
      outboxFile: null,
    });
  });

  it('refuses (REJECTED) a post Instagram does not take before sending anything', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    expect((await failureOf(publisher().publish(post('Hi', ...eleven)))).message).toBe(
      'Instagram takes at most 10 images.',
    );
    const hashtags = Array.from({ length: 31 }, (_, i) => `#skin${i}`).join(' ');
    expect((await failureOf(publisher().publish(post(hashtags, 1)))).message).toBe(
      'Instagram takes at most 30 hashtags.',
    );
    expect(instagram.requests).toEqual([]);
  });
});

describe('local social outbox', () => {
  let outboxDir: string;
  beforeEach(async () => {
    outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'social-outbox-')), 'outbox', 'social');
  });
  afterEach(async () => {
    await fs.rm(path.dirname(path.dirname(outboxDir)), { recursive: true, force: true });
  });
  const at = (iso: string) => () => new Date(iso);

  it('writes the post as JSON and a copy of each image in the chosen order', async () => {
    const outbox = new LocalSocialOutbox('INSTAGRAM', {
      outboxDir,
      log,
      now: at('2026-11-25T16:47:20.019Z'),
    });
    const written = post('  A carousel of the Neon Drift skin  ', 2, 1);
    const published = await outbox.publish(written);

    const base = `2026-11-25T164720.019Z-instagram-${written.reference}`;
    expect(published).toEqual({
      postId: `local-${written.reference}`,
      url: null,
      delivery: 'OUTBOX',
      outboxFile: path.join(outboxDir, `${base}.json`),
    });
    expect(JSON.parse(await fs.readFile(published.outboxFile!, 'utf8'))).toEqual({
      id: written.reference,
      network: 'INSTAGRAM',
      message: 'A carousel of the Neon Drift skin',
      images: [
        {
          filename: imageName(2),
          publicUrl: `${site.baseUrl}/public/${imageName(2)}`,
          file: `${base}/1-${imageName(2)}`,
        },
        {
          filename: imageName(1),
          publicUrl: `${site.baseUrl}/public/${imageName(1)}`,
          file: `${base}/2-${imageName(1)}`,
        },
      ],
      writtenAt: '2026-11-25T16:47:20.019Z',
    });
    expect(await fs.readFile(path.join(outboxDir, base, `1-${imageName(2)}`))).toEqual(jpegs[1]);
    expect(await fs.readFile(path.join(outboxDir, base, `2-${imageName(1)}`))).toEqual(jpegs[0]);
    // Written beside and renamed: nothing half-written is left.
    const everything = await fs.readdir(outboxDir, { recursive: true });
    expect(everything.filter((name) => name.includes('partial'))).toEqual([]);
    expect(everything.sort()).toEqual(
      [base, `${base}.json`, `${base}/1-${imageName(2)}`, `${base}/2-${imageName(1)}`].sort(),
    );
  });

  it('writes a repeated reference once, and keeps image names safe', async () => {
    const outbox = new LocalSocialOutbox('TWITTER', { outboxDir, log });
    const repeated = post('Hi', 1);
    const first = await outbox.publish(repeated);
    const second = await outbox.publish(repeated);
    expect(second).toEqual(first);
    expect((await fs.readdir(outboxDir)).filter((name) => name.endsWith('.json'))).toHaveLength(1);

    const sneaky: SocialPost = {
      reference: randomUUID(),
      message: 'Hi',
      images: [{ ...images(1)[0]!, filename: '../../escape me.jpg' }],
    };
    const written = await outbox.publish(sneaky);
    const entry = JSON.parse(await fs.readFile(written.outboxFile!, 'utf8')) as {
      images: Array<{ file: string }>;
    };
    expect(entry.images[0]!.file).toMatch(/\/1-_.._escape_me\.jpg$/);
    expect(await fs.readFile(path.join(outboxDir, entry.images[0]!.file))).toEqual(jpegs[0]);
  });

  it('lists the posts newest first, a page at a time, leaving out unreadable files', async () => {
    const times = ['2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z', '2026-11-22T10:00:00.000Z'];
    const written: SocialPost[] = [];
    for (const [i, time] of times.entries()) {
      const network = i % 2 === 0 ? 'TWITTER' : 'INSTAGRAM';
      const item = post(`Post ${i + 1}`, i + 1);
      await new LocalSocialOutbox(network, { outboxDir, log, now: at(time) }).publish(item);
      written.push(item);
    }
    await fs.writeFile(
      path.join(outboxDir, `2026-11-23T100000.000Z-twitter-${randomUUID()}.json`),
      '{ not json',
    );
    await fs.writeFile(path.join(outboxDir, 'notes.txt'), 'not a post');

    const first = await listSocialOutbox(outboxDir, { page: 0, size: 2 });
    expect(first.total).toBe(4);
    expect(first.entries.map((entry) => entry.message)).toEqual(['Post 3']);
    const second = await listSocialOutbox(outboxDir, { page: 1, size: 2 });
    expect(second.entries.map((entry) => [entry.message, entry.network, entry.id])).toEqual([
      ['Post 2', 'INSTAGRAM', written[1]!.reference],
      ['Post 1', 'TWITTER', written[0]!.reference],
    ]);
    expect(second.entries[1]).toMatchObject({
      file: `2026-11-20T100000.000Z-twitter-${written[0]!.reference}.json`,
      writtenAt: times[0],
      images: [
        {
          filename: imageName(1),
          file: `2026-11-20T100000.000Z-twitter-${written[0]!.reference}/1-${imageName(1)}`,
        },
      ],
    });
    expect(await listSocialOutbox(path.join(outboxDir, 'nowhere'), { page: 0, size: 10 })).toEqual({
      total: 0,
      entries: [],
    });
  });

  it('refuses what the network would refuse, and a reference that is not a uuid', async () => {
    const outbox = new LocalSocialOutbox('TWITTER', { outboxDir, log });
    expect((await failureOf(outbox.publish(post('Hi', 1, 2, 3, 4, 5)))).message).toBe(
      'X takes at most 4 images.',
    );
    await expect(outbox.publish({ ...post('Hi', 1), reference: '../etc' })).rejects.toThrow(TypeError);
    expect(await fs.readdir(outboxDir).catch(() => [])).toEqual([]);
  });
});

describe('createSocialPublishers', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'social-data-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('uses the local outbox for each network without keys', async () => {
    const config = loadConfig({ DATA_DIR: dataDir }).social;
    const publishers = createSocialPublishers(config, { outboxDir: config.outboxDir, log });
    expect(publishers.TWITTER).toBeInstanceOf(LocalSocialOutbox);
    expect(publishers.INSTAGRAM).toBeInstanceOf(LocalSocialOutbox);
    expect([publishers.TWITTER.network, publishers.TWITTER.delivery]).toEqual(['TWITTER', 'OUTBOX']);
    expect([publishers.INSTAGRAM.network, publishers.INSTAGRAM.delivery]).toEqual(['INSTAGRAM', 'OUTBOX']);

    const toX = await publishers.TWITTER.publish(post('Hi', 1));
    const toInstagram = await publishers.INSTAGRAM.publish(post('Hi', 1, 2));
    expect(path.dirname(toX.outboxFile!)).toBe(path.join(dataDir, 'outbox', 'social'));
    expect(
      (await listSocialOutbox(config.outboxDir, { page: 0, size: 10 })).entries.map((e) => e.network).sort(),
    ).toEqual(['INSTAGRAM', 'TWITTER']);
    expect([toX.delivery, toInstagram.delivery]).toEqual(['OUTBOX', 'OUTBOX']);
    expect(x.requests).toEqual([]);
    expect(instagram.requests).toEqual([]);
  });

  it("uses each network's API when its keys are configured, at the configured base URL", async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      X_API_KEY: X_CREDENTIALS.apiKey,
      X_API_SECRET: X_CREDENTIALS.apiSecret,
      X_ACCESS_TOKEN: X_CREDENTIALS.accessToken,
      X_ACCESS_TOKEN_SECRET: X_CREDENTIALS.accessTokenSecret,
      X_API_BASE_URL: x.baseUrl,
      INSTAGRAM_USER_ID: INSTAGRAM.userId,
      INSTAGRAM_ACCESS_TOKEN: INSTAGRAM.accessToken,
      INSTAGRAM_GRAPH_BASE_URL: instagram.baseUrl,
    }).social;
    const publishers = createSocialPublishers(config, { outboxDir: config.outboxDir, log });
    expect(publishers.TWITTER).toBeInstanceOf(XApiPublisher);
    expect(publishers.INSTAGRAM).toBeInstanceOf(InstagramGraphPublisher);
    expect([publishers.TWITTER.delivery, publishers.INSTAGRAM.delivery]).toEqual(['API', 'API']);

    const toX = await publishers.TWITTER.publish(post('Hi X', 1));
    const toInstagram = await publishers.INSTAGRAM.publish(post('Hi Instagram', 1));
    expect(x.tweets.map((tweet) => [tweet.id, tweet.text])).toEqual([[toX.postId, 'Hi X']]);
    expect(instagram.published.map((p) => p.mediaId)).toEqual([toInstagram.postId]);
    expect(await fs.readdir(config.outboxDir).catch(() => [])).toEqual([]);
  });

  it('mixes them when only one network has keys, and passes the fetch it is given', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      INSTAGRAM_USER_ID: INSTAGRAM.userId,
      INSTAGRAM_ACCESS_TOKEN: INSTAGRAM.accessToken,
      INSTAGRAM_GRAPH_BASE_URL: instagram.baseUrl,
    }).social;
    const fetched: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      fetched.push(String(input).split('?')[0]!);
      return fetch(input, init);
    };
    const publishers = createSocialPublishers(config, {
      outboxDir: config.outboxDir,
      log,
      fetch: countingFetch,
    });
    expect([publishers.TWITTER.delivery, publishers.INSTAGRAM.delivery]).toEqual(['OUTBOX', 'API']);
    await publishers.INSTAGRAM.publish(post('Hi', 1));
    expect(fetched[0]).toBe(`${instagram.baseUrl}/${INSTAGRAM.userId}/media`);
    expect(fetched).toHaveLength(4);
  });
});
