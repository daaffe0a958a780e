import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/** Root fields whose answers are the same for every anonymous visitor: the public catalogue. */
const PUBLIC_FIELDS = new Set([
  'skins',
  'skin',
  'skinsById',
  'mostDownloadedSkins',
  'skinOfTheMonth',
  'skinOfTheMonthHistory',
  'bundles',
  'bundle',
  'bundlesById',
  'authors',
  'author',
  'comments',
  'tags',
  '__typename',
]);
const MAX_ENTRIES = 2_000;
const MAX_ANSWER_BYTES = 512 * 1024;
/** Longest operation name a cached document may have (the key holds it). */
const MAX_OPERATION_NAME = 200;

/** The versions an answer was computed at: every change moves `all`, download counts move `downloads`. */
type Versions = { all: number; downloads: number };
type Entry = { versions: Versions; readsDownloads: boolean; body: string; bytes: number };
type Slot = { key: string; versions: Versions; readsDownloads: boolean };

/** The kinds of change a 'catalogue_changed' notice names: '' for any, 'downloads' for download counters only. */
export type CatalogueChange = 'downloads' | 'any';

/**
 * Answers repeated anonymous catalogue queries from memory. Exact: every entry remembers the
 * catalogue version it was computed at, and any committed change (the 'catalogue_changed' notice
 * that database triggers send, see migration 006) moves the version, so an entry is served only
 * while nothing has changed since it was computed. Download counters change with every download,
 * and their notice says so ('downloads', migration 008): it drops only the answers that may show
 * downloads (any query or variables mentioning them), so the lists stay cached while players
 * download. Signed-in requests always run (their answers contain the viewer's own votes and hidden
 * items).
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
  private readonly documents = new Map<string, boolean>();
  hits = 0;
  misses = 0;

  constructor(options: { maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
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
      if (request.method !== 'POST' || request.routeOptions.url !== '/graphql') return;
      const slot = this.slotOf(request.headers.authorization, request.headers.cookie, request.body);
      if (!slot) return;
      const entry = this.entries.get(slot.key);
      if (entry && this.isCurrent(entry.versions, entry.readsDownloads)) {
        this.hits += 1;
        // Refresh its place in the LRU order.
        this.entries.delete(slot.key);
        this.entries.set(slot.key, entry);
        return reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(entry.body);
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

  /** Where an anonymous public query's answer is kept, and the versions it is computed at; null for any other request. */
  private slotOf(authorization: string | undefined, cookie: string | undefined, body: unknown): Slot | null {
    if (!this.live || authorization || /(?:^|;\s*)token=/.test(cookie ?? '')) return null;
    const { query, variables, operationName } = (body ?? {}) as {
      query?: unknown;
      variables?: unknown;
      operationName?: unknown;
    };
    if (
      typeof query !== 'string' ||
      query.length > 10_000 ||
      String(operationName ?? '').length > MAX_OPERATION_NAME ||
      !this.isPublicQuery(query, operationName)
    )
      return null;
    const variablesText = JSON.stringify(variables ?? null);
    const key = createHash('sha1')
      .update(query)
      .update('\0')
      .update(variablesText)
      .update('\0')
      .update(String(operationName ?? ''))
      .digest('base64url');
    // Conservative: any mention (the downloads field, mostDownloadedSkins, sortBy downloads), sortBy
    // trending (whose order is the recent downloads'), and the lists ordered by downloads (an author's
    // sample skins, a skin's "more from this author").
    const readsDownloads =
      /download|trending|sampleSkins|moreFromAuthor/i.test(query) || /download|trending/i.test(variablesText);
    return { key, versions: { ...this.versions }, readsDownloads };
  }

  /** A read-only document whose every root field is public (fragments spread at the root are not). */
  private isPublicQuery(query: string, operationName: unknown): boolean {
    // A digest, so the remembered documents take little memory whatever their length.
    const key = createHash('sha1')
      .update(String(operationName ?? ''))
      .update('\0')
      .update(query)
      .digest('base64url');
    const known = this.documents.get(key);
    if (known !== undefined) return known;
    let document: DocumentNode | null;
    try {
      document = parse(query);
    } catch {
      document = null;
    }
    const operations = (document?.definitions ?? []).filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    const operation =
      operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === operationName);
    const isPublic =
      operation?.operation === 'query' &&
      operation.selectionSet.selections.every(
        (selection) => selection.kind === Kind.FIELD && PUBLIC_FIELDS.has(selection.name.value),
      );
    if (this.documents.size >= MAX_ENTRIES) this.documents.clear();
    this.documents.set(key, Boolean(isPublic));
    return Boolean(isPublic);
  }
}
