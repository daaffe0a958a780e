import { sql } from 'slonik';
import {
  ERASED_PERSONAL_DATA,
  personalFieldRules,
  personalMetadataRule,
  valueAt,
  withValueAt,
  type DataSubject,
  type PersonalFieldRule,
} from '../../domain/personal-data/personal-fields';
import type { DatabaseTransactionConnection, Queryable } from '../db/pool';
import {
  isSealedValue,
  keyIdOf,
  newDataKey,
  openValue,
  sealValue,
  type KeyEncryptionKey,
} from './field-cipher';

/** An event's content as the store writes or reads it. */
export type EventContent = { eventId: string; type: string; data: unknown; metadata: unknown };

/** A person's data key made by `seal`, stored by `storeNewKeys` in the append's transaction. */
export type PendingKey = { keyId: string; subject: string; wrapped: Buffer };

/** The subject of an account's personal data. */
export const userSubject = (userId: number) => `user-${userId}`;

/** The persons whose keys an append destroys (an account deleted), and when. */
export type Erasure = { subjects: readonly string[]; at: Date };

export type SealedEvents = {
  stored: EventContent[];
  asRead: EventContent[];
  newKeys: PendingKey[];
  erasures: Erasure[];
};

type SubjectKey = { keyId: string; key: Buffer } | 'erased';

const UNWRAPPED_CACHE_LIMIT = 10_000;

/**
 * Per-person encryption of the personal fields of events (docs/personal-data.md): each person
 * (subject) has data keys of their own, stored wrapped by the key-encryption key in
 * `personal_data_keys`, never in an event. `seal` encrypts what `personalFieldRules` names at
 * append, `reveal` decrypts at read; a field whose key is gone reads as `ERASED_PERSONAL_DATA`.
 * `erase` destroys a person's keys and remembers the erasure, so nothing of theirs is encrypted
 * readable again.
 */
export class PersonalDataVault {
  /** Unwrapped keys by key id and wrapped bytes: the wrapped bytes come from the table on every read, so a destroyed key is never used from here. */
  private readonly unwrapped = new Map<string, { wrapped: Buffer; key: Buffer }>();

  constructor(private readonly kek: KeyEncryptionKey) {}

  subjectName(subject: DataSubject): string {
    return 'userId' in subject ? userSubject(subject.userId) : this.kek.emailSubject(subject.email);
  }

  /**
   * The events as they are to be stored (personal fields sealed, or the placeholder for a person
   * already erased) and as readers will see them, and the keys made for people who had none.
   */
  async seal(db: Queryable, events: readonly EventContent[]): Promise<SealedEvents> {
    const erasures = await this.erasuresOf(db, events);
    const plans = events.map((event) => ({
      event,
      data: this.fieldsToSeal(personalFieldRules[event.type], event.data),
      metadata: this.fieldsToSeal(personalMetadataRule, event.metadata),
    }));
    const subjects = [
      ...new Set(plans.flatMap((plan) => [plan.data, plan.metadata].flatMap((p) => (p ? [p.subject] : [])))),
    ];
    if (subjects.length === 0) return { stored: [...events], asRead: [...events], newKeys: [], erasures };
    // An address erased before names whoever used it then; its later use is a person of its own.
    const live = await this.liveSubjects(db, subjects);
    for (const plan of plans) {
      for (const part of [plan.data, plan.metadata])
        if (part) part.subject = live.get(part.subject) ?? part.subject;
    }
    const liveSubjects = [...new Set(subjects.map((subject) => live.get(subject) ?? subject))];

    const keys = await this.keysOfSubjects(db, liveSubjects);
    const newKeys: PendingKey[] = [];
    for (const subject of liveSubjects) {
      if (keys.has(subject)) continue;
      const made = newDataKey();
      keys.set(subject, made);
      newKeys.push({ keyId: made.keyId, subject, wrapped: this.kek.wrap(made.keyId, made.key) });
    }

    const stored: EventContent[] = [];
    const asRead: EventContent[] = [];
    for (const { event, data, metadata } of plans) {
      const sealedData = data
        ? this.sealFields(event, 'data', event.data, data, keys.get(data.subject)!)
        : null;
      const sealedMetadata = metadata
        ? this.sealFields(event, 'metadata', event.metadata, metadata, keys.get(metadata.subject)!)
        : null;
      stored.push({
        ...event,
        data: sealedData?.stored ?? event.data,
        metadata: sealedMetadata?.stored ?? event.metadata,
      });
      asRead.push({
        ...event,
        data: sealedData?.asRead ?? event.data,
        metadata: sealedMetadata?.asRead ?? event.metadata,
      });
    }
    return { stored, asRead, newKeys, erasures };
  }

  /**
   * The persons an `AccountDeleted` erases: the account, and the guest buyer of its email address
   * (orders placed as a guest with it before or after the account was made). Read before the append
   * (reads only), applied after it in the same transaction.
   */
  private async erasuresOf(db: Queryable, events: readonly EventContent[]): Promise<Erasure[]> {
    const deleted = events.filter((event) => event.type === 'AccountDeleted');
    if (deleted.length === 0) return [];
    const erasures: Erasure[] = [];
    for (const event of deleted) {
      const data = event.data as { userId: number; deletedAt: string };
      const email = (await db.maybeOneFirst(
        sql.unsafe`select email::text from users where id = ${data.userId}`,
      )) as string | null;
      erasures.push({
        subjects: [userSubject(data.userId), ...(email ? [await this.emailSubjectNow(db, email)] : [])],
        at: new Date(data.deletedAt),
      });
    }
    return erasures;
  }

  /**
   * The subject an email address names now. Once an address's subject is erased (its guest buyer
   * erased on request, or an account with it deleted), whoever uses the address later is another
   * person, with a subject of their own: `email-{hash}-2`, then `-3`, one per erasure. Without
   * that, every later guest order with the address would be stored as "deleted user" (no
   * confirmation mail, no download links), and erasing the new buyer would need the old keys.
   */
  async emailSubjectNow(db: Queryable, email: string): Promise<string> {
    const base = this.kek.emailSubject(email);
    return (await this.liveSubjects(db, [base])).get(base) ?? base;
  }

  /** Each email subject among these → its live generation (the others are left out). */
  private async liveSubjects(db: Queryable, subjects: readonly string[]): Promise<Map<string, string>> {
    const emails = subjects.filter((subject) => subject.startsWith('email-'));
    if (emails.length === 0) return new Map();
    const rows = (await db.any(sql.unsafe`
      select s.base, count(e.subject)::int as erased
      from unnest(${sql.array(emails, 'text')}::text[]) as s (base)
      left join personal_data_erasures e on e.subject = s.base or e.subject like s.base || '-%'
      group by s.base`)) as readonly { base: string; erased: number }[];
    return new Map(
      rows.map((row) => [row.base, row.erased === 0 ? row.base : `${row.base}-${row.erased + 1}`]),
    );
  }

  /**
   * Stores the keys `seal` made, after the events in the same transaction. A person erased
   * meanwhile gets no key: what was sealed for them is unreadable, as it should be.
   */
  async storeNewKeys(tx: DatabaseTransactionConnection, newKeys: readonly PendingKey[]): Promise<void> {
    if (newKeys.length === 0) return;
    await lockSubjects(
      tx,
      newKeys.map((key) => key.subject),
    );
    await tx.query(sql.unsafe`
      insert into personal_data_keys (key_id, subject, wrapped_key)
      select x.key_id, x.subject, decode(x.wrapped_key, 'base64')
      from unnest(${sql.array(
        newKeys.map((key) => key.keyId),
        'text',
      )}::text[], ${sql.array(
        newKeys.map((key) => key.subject),
        'text',
      )}::text[], ${sql.array(
        newKeys.map((key) => key.wrapped.toString('base64')),
        'text',
      )}::text[]) as x (key_id, subject, wrapped_key)
      where not exists (select 1 from personal_data_erasures e where e.subject = x.subject)`);
  }

  /** The events with their sealed fields opened, or the placeholder where the key is gone. */
  async reveal<E extends EventContent>(db: Queryable, events: readonly E[]): Promise<E[]> {
    const keyIds = new Set<string>();
    for (const event of events) {
      for (const value of this.sealedValuesOf(event)) {
        const keyId = keyIdOf(value);
        if (keyId) keyIds.add(keyId);
      }
    }
    if (keyIds.size === 0) return [...events];
    const keys = await this.keysById(db, [...keyIds]);
    return events.map((event) => {
      const rule = personalFieldRules[event.type];
      const data = rule ? this.openFields(event, 'data', event.data, rule, keys) : event.data;
      const metadata = this.openFields(event, 'metadata', event.metadata, personalMetadataRule, keys);
      return data === event.data && metadata === event.metadata ? event : { ...event, data, metadata };
    });
  }

  /**
   * Destroys every key of these people and records the erasure, in the caller's transaction: from its
   * commit on, their sealed fields read as the placeholder everywhere (events, replays, any copy of
   * the events), and later appends store the placeholder for them. Returns the keys destroyed.
   */
  async erase(
    tx: DatabaseTransactionConnection,
    subjects: readonly string[],
    erasedAt: Date,
  ): Promise<number> {
    if (subjects.length === 0) return 0;
    await lockSubjects(tx, subjects);
    await tx.query(sql.unsafe`
      insert into personal_data_erasures (subject, erased_at)
      select unnest(${sql.array([...subjects], 'text')}::text[]), ${erasedAt.toISOString()}::timestamptz
      on conflict (subject) do nothing`);
    const destroyed = await tx.query(sql.unsafe`
      delete from personal_data_keys where subject = any(${sql.array([...subjects], 'text')}::text[])`);
    return destroyed.rowCount;
  }

  /** Every event's personal fields as they are to be stored: the sealed form of `seal`, for a rewrite of stored events. */
  private fieldsToSeal(
    rule: PersonalFieldRule | undefined,
    content: unknown,
  ): { subject: string; paths: string[] } | null {
    if (!rule || typeof content !== 'object' || content === null) return null;
    const paths = rule.fields.filter((path) => {
      const value = valueAt(content, path);
      return value !== undefined && value !== null && !isSealedValue(value) && value !== ERASED_PERSONAL_DATA;
    });
    if (paths.length === 0) return null;
    const subject = rule.subjectOf(content as Record<string, unknown>);
    return subject ? { subject: this.subjectName(subject), paths } : null;
  }

  private sealFields(
    event: EventContent,
    part: 'data' | 'metadata',
    content: unknown,
    plan: { paths: string[] },
    key: SubjectKey,
  ): { stored: unknown; asRead: unknown } {
    let stored = content;
    let asRead = content;
    for (const path of plan.paths) {
      if (key === 'erased') {
        stored = withValueAt(stored, path, ERASED_PERSONAL_DATA);
        asRead = withValueAt(asRead, path, ERASED_PERSONAL_DATA);
      } else {
        const value = valueAt(content, path);
        stored = withValueAt(stored, path, sealValue(key.keyId, key.key, value, boundTo(event, part, path)));
      }
    }
    return { stored, asRead };
  }

  private *sealedValuesOf(event: EventContent): Generator<string> {
    const rule = personalFieldRules[event.type];
    if (rule) {
      for (const path of rule.fields) {
        const value = valueAt(event.data, path);
        if (isSealedValue(value)) yield value;
      }
    }
    const guestEmail = valueAt(event.metadata, 'actor.guestEmail');
    if (isSealedValue(guestEmail)) yield guestEmail;
  }

  private openFields(
    event: EventContent,
    part: 'data' | 'metadata',
    content: unknown,
    rule: PersonalFieldRule,
    keys: Map<string, Buffer>,
  ): unknown {
    let opened = content;
    for (const path of rule.fields) {
      const value = valueAt(content, path);
      if (!isSealedValue(value)) continue;
      const key = keys.get(keyIdOf(value) ?? '');
      opened = withValueAt(
        opened,
        path,
        key ? openValue(key, value, boundTo(event, part, path)) : ERASED_PERSONAL_DATA,
      );
    }
    return opened;
  }

  /** Each subject's key to seal with (its first), or 'erased'; subjects with neither are absent. */
  private async keysOfSubjects(db: Queryable, subjects: readonly string[]): Promise<Map<string, SubjectKey>> {
    const rows = (await db.any(sql.unsafe`
      select s.subject, k.key_id, encode(k.wrapped_key, 'base64') as wrapped_key,
             exists (select 1 from personal_data_erasures e where e.subject = s.subject) as erased
      from unnest(${sql.array([...subjects], 'text')}::text[]) as s (subject)
      left join lateral (
        select key_id, wrapped_key from personal_data_keys k
        where k.subject = s.subject order by k.created_at, k.key_id limit 1
      ) k on true`)) as readonly {
      subject: string;
      key_id: string | null;
      wrapped_key: string | null;
      erased: boolean;
    }[];
    const keys = new Map<string, SubjectKey>();
    for (const row of rows) {
      if (row.erased) keys.set(row.subject, 'erased');
      else if (row.key_id && row.wrapped_key) {
        keys.set(row.subject, { keyId: row.key_id, key: this.unwrap(row.key_id, row.wrapped_key) });
      }
    }
    return keys;
  }

  private async keysById(db: Queryable, keyIds: readonly string[]): Promise<Map<string, Buffer>> {
    const rows = (await db.any(sql.unsafe`
      select key_id, encode(wrapped_key, 'base64') as wrapped_key from personal_data_keys
      where key_id = any(${sql.array([...keyIds], 'text')}::text[])`)) as readonly {
      key_id: string;
      wrapped_key: string;
    }[];
    return new Map(rows.map((row) => [row.key_id, this.unwrap(row.key_id, row.wrapped_key)]));
  }

  private unwrap(keyId: string, wrappedBase64: string): Buffer {
    const wrapped = Buffer.from(wrappedBase64, 'base64');
    const cached = this.unwrapped.get(keyId);
    if (cached?.wrapped.equals(wrapped)) return cached.key;
    const key = this.kek.unwrap(keyId, wrapped);
    if (this.unwrapped.size >= UNWRAPPED_CACHE_LIMIT) this.unwrapped.clear();
    this.unwrapped.set(keyId, { wrapped, key });
    return key;
  }
}

/** What a sealed value is bound to: its event and where in it, so it cannot be moved elsewhere. */
function boundTo(event: EventContent, part: 'data' | 'metadata', path: string): string {
  return `${event.eventId}\n${part}.${path}`;
}

/** One subject's key changes (made, destroyed) are serialised by a transaction-scoped lock. */
async function lockSubjects(tx: DatabaseTransactionConnection, subjects: readonly string[]): Promise<void> {
  await tx.query(sql.unsafe`
    select pg_advisory_xact_lock(hashtextextended('personal-data:' || s, 0))
    from unnest(${sql.array([...new Set(subjects)].sort(), 'text')}::text[]) as s order by s`);
}
