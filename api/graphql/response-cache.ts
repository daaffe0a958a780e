import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { hasRoles } from '../../domain/accounts/roles';
import { sessionClaimsSchema } from '../../infra/auth/session-tokens';
import { sessionTokenOf } from '../auth/session-token';
import { audienceWith, classifyOperation, type Classification } from './cache-audience';
import { graphqlParamsOf, mediaTypeOf, type GraphQLParams } from './graphql-over-http';

const MAX_ENTRIES = 2_000;
const MAX_ANSWER_BYTES = 512 * 1024;
/** Longest operation name a cached document may have (the key holds it). */
const MAX_OPERATION_NAME = 200;

/** The versions an answer was computed at: every change moves `all`, download counts move `downloads`. */
type Versions = { all: number; downloads: number };
type Entry = { versions: Versions; readsDownloads: boolean; body: string; bytes: number };
type Slot = { key: string; versions: Versions; readsDownloads: boolean };
/**
 * What a document (its text and operation name) tells, worked out on its first request: who may
 * share its answer, whether it mentions download counts or the trending sort, and a number that
 * names it in the cache's keys.
 */
type DocumentFacts = {
  id: number;
  classification: Classification;
  trending: boolean;
  readsDownloads: boolean;
};
/** The remembered documents' text together at most, in characters (then they are worked out again). */
const MAX_DOCUMENT_CHARACTERS = 4_000_000;
/** Variables up to this length are a key's part as they are; longer ones by their digest. */
const MAX_KEPT_VARIABLES = 256;

/** The kinds of change a 'catalogue_changed' notice names: '' for any, 'downloads' for download counters only. */
export type CatalogueChange = 'downloads' | 'any';

/** The accounts that see more of the catalogue than anonymous visitors do (admins aside). */
export type ViewersSeeingMore = () => Promise<ReadonlySet<number>>;

/**
 * Answers repeated catalogue queries from memory. Exact: every entry remembers the catalogue
 * version it was computed at, and any committed change (the 'catalogue_changed' notice that
 * database triggers send, see migration 006) moves the version, so an entry is served only while
 * nothing has changed since it was computed. Download counters change with every download,
 * and their notice says so ('downloads', migration 008): it drops only the answers that may show
 * downloads (any query or variables mentioning them), so the lists stay cached while players
 * download.
 *
 * Signed-in viewers share the anonymous visitors' entries when the operation asks no per-viewer
 * field (cache-audience.ts) and the viewer sees no more of the catalogue than a visitor: no admin,
 * and no author of an unlisted skin or bundle (`viewersSeeingMore`, read again after every change).
 * Such a request is answered as an anonymous one, hit or miss, without reading its session: the
 * answer cannot depend on it. Every other signed-in request runs uncached.
 */
export class CatalogueResponseCache {
  /** All kept answers together at most (least recently served forgotten first); 0 keeps none. */
  private readonly maxBytes: number;
  /** What the kept answers hold now, in bytes. */
  bytes = 0;
  private readonly versions: Versions = { all: 0, downloads: 0 };
  /** Only while change notices are heard; without them an entry could outlive a change. */
  private live = false;
  private readonly entries = new Map<string, Entry>();
  /** By text, then operation name (the text itself: looking it up is cheaper than a digest of it). */
  private readonly documents = new Map<string, Map<string, DocumentFacts>>();
  private documentCount = 0;
  private documentCharacters = 0;
  /** Never reused, so that a key never names two documents, even after the map is emptied. */
  private lastDocumentId = 0;
  /** Signed-in requests answered as anonymous ones (their GraphQL context gets no viewer). */
  private readonly answeredAsAnonymous = new WeakSet<FastifyRequest>();
  private readonly loadViewersSeeingMore: ViewersSeeingMore | null;
  /** What tokens claim (see nonAdminAccountOf): derived from the token text alone, so never stale. */
  private readonly tokenAccounts = new Map<string, number | null>();
  /** The last read of `loadViewersSeeingMore`, and the catalogue version it was read at. */
  private viewersSeeingMore: { version: number; ids: Promise<ReadonlySet<number>> } | null = null;
  hits = 0;
  misses = 0;

  /** The clock whose UTC day keys the trending answers. */
  private readonly now: () => Date;

  constructor(options: { maxBytes?: number; viewersSeeingMore?: ViewersSeeingMore; now?: () => Date } = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? (() => new Date());
    // Without it (unit tests), signed-in requests never share the cache.
    this.loadViewersSeeingMore = options.viewersSeeingMore ?? null;
  }

  /** Whether this request is served as an anonymous visitor's: its session must not be read. */
  answersAsAnonymous(request: FastifyRequest): boolean {
    return this.answeredAsAnonymous.has(request);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Keeps an answer, first forgetting the least recently served ones until it fits. */
  private keep(key: string, entry: Entry): void {
    this.forget(key);
    if (entry.bytes > Math.min(this.maxBytes, MAX_ANSWER_BYTES)) return;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= MAX_ENTRIES || this.bytes + entry.bytes > this.maxBytes)
    ) {
      this.forget(this.entries.keys().next().value!);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  /** A change was committed: nothing computed before it that may show it may be served again. */
  invalidate(change: CatalogueChange = 'any'): void {
    if (change === 'downloads') {
      this.versions.downloads += 1;
      for (const [key, entry] of this.entries) if (entry.readsDownloads) this.forget(key);
      return;
    }
    this.versions.all += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private isCurrent(versions: Versions, readsDownloads: boolean): boolean {
    return (
      versions.all === this.versions.all &&
      (!readsDownloads || versions.downloads === this.versions.downloads)
    );
  }

  /** Whether change notices are being received; the cache serves nothing while they are not. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  register(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST') return;
      // Only requests that passed the GraphQL endpoint's check have parameters (graphql-over-http.ts).
      const params = graphqlParamsOf(request);
      if (!params) return;
      const slot = await this.slotOf(request, params);
      if (!slot) return;
      const entry = this.entries.get(slot.key);
      if (entry && this.isCurrent(entry.versions, entry.readsDownloads)) {
        this.hits += 1;
        // Refresh its place in the LRU order.
        this.entries.delete(slot.key);
        this.entries.set(slot.key, entry);
        // Kept answers are 200s without errors, whose body is the same for either media type: the
        // key leaves the negotiated type out, and the answer is labelled with it.
        return reply
          .header('x-cache', 'hit')
          .type(`${mediaTypeOf(request)}; charset=utf-8`)
          .send(entry.body);
      }
      this.misses += 1;
      (request as { cacheSlot?: Slot }).cacheSlot = slot;
    });
    fastify.addHook('onSend', async (request, reply, payload) => {
      const slot = (request as { cacheSlot?: Slot }).cacheSlot;
      if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // Only answers computed while nothing they show changed, and without errors.
      if (this.isCurrent(slot.versions, slot.readsDownloads) && !payload.includes('"errors"')) {
        this.keep(slot.key, {
          versions: slot.versions,
          readsDownloads: slot.readsDownloads,
          body: payload,
          bytes: Buffer.byteLength(payload),
        });
      }
      reply.header('x-cache', 'miss');
      return payload;
    });
  }

  /**
   * Where a public query's answer is kept, and the versions it is computed at; null for a request
   * that runs uncached. A signed-in request that may share the anonymous answer is marked so.
   */
  private async slotOf(request: FastifyRequest, params: GraphQLParams): Promise<Slot | null> {
    if (!this.live) return null;
    const { query, variables, operationName } = params;
    if (query.length > 10_000 || String(operationName ?? '').length > MAX_OPERATION_NAME) return null;
    const document = this.factsOf(query, operationName);
    const audience = audienceWith(document.classification, variables);
    if (audience === 'nobody') return null;
    // The token GraphQL would read: without one (or with a cookie a cross-site form could send) the request is anonymous.
    const token = sessionTokenOf(request);
    if (token) {
      const versions = { ...this.versions };
      if (audience !== 'everyone' || !(await this.seesWhatAnonymousSees(token))) return null;
      // A change while the check waited could concern this viewer: run uncached.
      if (versions.all !== this.versions.all) return null;
      this.answeredAsAnonymous.add(request);
    }
    const variablesText = variables === undefined || variables === null ? 'null' : JSON.stringify(variables);
    // The trending sorts count the days up to today (domain/trending): their order moves when the
    // UTC day changes, even when nothing else does, so their answers are kept per day.
    const trending = document.trending || (variablesText !== 'null' && /trending/i.test(variablesText));
    // The document's number stands for its text and operation name (it names no other document);
    // long variables by a digest, so that no key takes much memory.
    const variablesPart =
      variablesText.length <= MAX_KEPT_VARIABLES
        ? `v${variablesText}`
        : `h${createHash('sha1').update(variablesText).digest('base64url')}`;
    const key = `${document.id}\0${trending ? this.now().toISOString().slice(0, 10) : ''}\0${variablesPart}`;
    // Conservative: any mention (the downloads field, mostDownloadedSkins, sortBy downloads), sortBy
    // trending (whose order is the recent downloads'), and the lists ordered by downloads (an author's
    // sample skins, a skin's "more from this author").
    const readsDownloads =
      document.readsDownloads || (variablesText !== 'null' && /download|trending/i.test(variablesText));
    return { key, versions: { ...this.versions }, readsDownloads };
  }

  /**
   * Whether the token's account sees exactly what anonymous visitors see. The claims are read
   * without checking the signature or the session: a forged or revoked token is answered as
   * anonymous by GraphQL too, and one claiming an account that sees more is sent to GraphQL,
   * which checks it. So nothing is served that its bearer could not get without a session.
   */
  private async seesWhatAnonymousSees(token: string): Promise<boolean> {
    if (!this.loadViewersSeeingMore) return false;
    const accountId = this.nonAdminAccountOf(token);
    if (accountId === null) return false;
    try {
      return !(await this.viewersSeeingMoreNow()).has(accountId);
    } catch {
      return false;
    }
  }

  /** The account a token claims, unless it claims the admin role or is unreadable; remembered per token. */
  private nonAdminAccountOf(token: string): number | null {
    const known = this.tokenAccounts.get(token);
    if (known !== undefined) return known;
    let accountId: number | null = null;
    try {
      const claims = sessionClaimsSchema.safeParse(decodeJwt(token));
      if (claims.success && !hasRoles(claims.data.roles, ['admin'])) accountId = claims.data.id;
    } catch {
      accountId = null;
    }
    if (this.tokenAccounts.size >= MAX_ENTRIES) this.tokenAccounts.clear();
    this.tokenAccounts.set(token, accountId);
    return accountId;
  }

  /** The accounts seeing more, read once per catalogue version (any change may hide or show an item). */
  private viewersSeeingMoreNow(): Promise<ReadonlySet<number>> {
    const version = this.versions.all;
    if (this.viewersSeeingMore?.version !== version) {
      const ids = this.loadViewersSeeingMore!();
      this.viewersSeeingMore = { version, ids };
      // A failed read is tried again by the next request.
      ids.catch(() => {
        if (this.viewersSeeingMore?.ids === ids) this.viewersSeeingMore = null;
      });
    }
    return this.viewersSeeingMore!.ids;
  }

  /** What a document tells (who may share its answer: cache-audience.ts), remembered per document. */
  private factsOf(query: string, operationName: unknown): DocumentFacts {
    const name = String(operationName ?? '');
    const known = this.documents.get(query)?.get(name);
    if (known !== undefined) return known;
    const facts: DocumentFacts = {
      id: ++this.lastDocumentId,
      classification: classifyOperation(query, operationName),
      trending: /trending/i.test(query),
      readsDownloads: /download|trending|sampleSkins|moreFromAuthor/i.test(query),
    };
    const characters = query.length + name.length;
    if (this.documentCount >= MAX_ENTRIES || this.documentCharacters + characters > MAX_DOCUMENT_CHARACTERS) {
      this.documents.clear();
      this.documentCount = 0;
      this.documentCharacters = 0;
    }
    let byName = this.documents.get(query);
    if (!byName) this.documents.set(query, (byName = new Map()));
    byName.set(name, facts);
    this.documentCount += 1;
    this.documentCharacters += characters;
    return facts;
  }
}
