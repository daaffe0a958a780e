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
  '__typename',
]);
const MAX_ENTRIES = 2_000;
const MAX_ANSWER_BYTES = 512 * 1024;

type Entry = { version: number; body: string };

/**
 * Answers repeated anonymous catalogue queries from memory. Exact: every entry remembers the
 * catalogue version it was computed at, and any committed change (the 'catalogue_changed' notice
 * that database triggers send, see migration 006) moves the version, so an entry is served only
 * while nothing has changed since it was computed. Signed-in requests always run (their answers
 * contain the viewer's own votes and hidden items).
 */
export class CatalogueResponseCache {
  private version = 0;
  /** Only while change notices are heard; without them an entry could outlive a change. */
  private live = false;
  private readonly entries = new Map<string, Entry>();
  private readonly documents = new Map<string, boolean>();
  hits = 0;
  misses = 0;

  /** A change was committed: nothing computed before it may be served again. */
  invalidate(): void {
    this.version += 1;
    this.entries.clear();
  }

  /** Whether change notices are being received; the cache serves nothing while they are not. */
  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  register(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', async (request, reply) => {
      if (request.method !== 'POST' || request.routeOptions.url !== '/graphql') return;
      const key = this.keyOf(request.headers.authorization, request.headers.cookie, request.body);
      if (!key) return;
      const entry = this.entries.get(key);
      if (entry && entry.version === this.version) {
        this.hits += 1;
        // Refresh its place in the LRU order.
        this.entries.delete(key);
        this.entries.set(key, entry);
        return reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(entry.body);
      }
      this.misses += 1;
      (request as { cacheSlot?: { key: string; version: number } }).cacheSlot = {
        key,
        version: this.version,
      };
    });
    fastify.addHook('onSend', async (request, reply, payload) => {
      const slot = (request as { cacheSlot?: { key: string; version: number } }).cacheSlot;
      if (!slot || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      // Only answers computed while nothing changed, and without errors.
      if (
        slot.version === this.version &&
        payload.length <= MAX_ANSWER_BYTES &&
        !payload.includes('"errors"')
      ) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(slot.key, { version: slot.version, body: payload });
      }
      reply.header('x-cache', 'miss');
      return payload;
    });
  }

  private keyOf(authorization: string | undefined, cookie: string | undefined, body: unknown): string | null {
    if (!this.live || authorization || /(?:^|;\s*)token=/.test(cookie ?? '')) return null;
    const { query, variables, operationName } = (body ?? {}) as {
      query?: unknown;
      variables?: unknown;
      operationName?: unknown;
    };
    if (typeof query !== 'string' || query.length > 10_000 || !this.isPublicQuery(query, operationName))
      return null;
    return createHash('sha1')
      .update(query)
      .update('\0')
      .update(JSON.stringify(variables ?? null))
      .update('\0')
      .update(String(operationName ?? ''))
      .digest('base64url');
  }

  /** A read-only document whose every root field is public (fragments spread at the root are not). */
  private isPublicQuery(query: string, operationName: unknown): boolean {
    const key = `${String(operationName ?? '')}\0${query}`;
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
