/**
 * Which fields of which events are personal data, and whose (GDPR Art. 4(1)): the one registry the
 * event store reads when it encrypts at append and decrypts at read (docs/personal-data.md,
 * docs/events.md "Personal data"). Everything not listed stays clear: amounts, ids, item references,
 * times, countries kept as VAT evidence, so replay, reconcile and statistics never need a key.
 */

/** The person a field belongs to: an account, or a guest buyer known only by an email address. */
export type DataSubject = { userId: number } | { email: string };

export type PersonalFieldRule = {
  /** Dotted paths into the event's data (`buyer.email`); a missing or null value is left as it is. */
  readonly fields: readonly string[];
  /** Whose the fields are; null when the event names nobody (the fields then stay as they are). */
  readonly subjectOf: (data: Record<string, unknown>) => DataSubject | null;
};

/** What an encrypted field reads as once its person's key is destroyed. */
export const ERASED_PERSONAL_DATA = 'deleted user';

const numberAt = (data: Record<string, unknown>, key: string): number | null =>
  typeof data[key] === 'number' ? data[key] : null;
const userAt =
  (key: string) =>
  (data: Record<string, unknown>): DataSubject | null => {
    const userId = numberAt(data, key);
    return userId === null ? null : { userId };
  };

const DESTINATION_FIELDS = [
  'destination.name',
  'destination.street',
  'destination.city',
  'destination.iban',
  'destination.bic',
  'destination.paypalAccount',
] as const;

/** Event type (as stored, at its current schema version) → its personal fields and their person. */
export const personalFieldRules: Readonly<Record<string, PersonalFieldRule>> = {
  // The buyer's contact details. A signed-in buyer's are the account's; a guest's belong to the email
  // address given (the guest row may later become an account, whose deletion erases that too).
  OrderPlaced: {
    fields: ['buyer.email', 'buyer.fullName'],
    subjectOf: (data) => {
      const buyer = (data.buyer ?? {}) as { userId?: number | null; guest?: boolean; email?: unknown };
      if (!buyer.guest && typeof buyer.userId === 'number') return { userId: buyer.userId };
      return typeof buyer.email === 'string' ? { email: buyer.email } : null;
    },
  },
  EmailVerified: { fields: ['email'], subjectOf: userAt('userId') },
  // An admin's words about the person whose account it is.
  AccountBlocked: { fields: ['reason'], subjectOf: userAt('userId') },
  AccountUnblocked: { fields: ['reason'], subjectOf: userAt('userId') },
  // The reporter's own words (the reported item is not theirs).
  ItemReported: { fields: ['text'], subjectOf: userAt('reporterId') },
  // The author's username then (notifications name the author with it).
  ItemPublished: { fields: ['authorName'], subjectOf: userAt('authorId') },
  // The payee's name, address, IBAN and BIC or PayPal address (the country stays clear).
  PayoutLocked: { fields: DESTINATION_FIELDS, subjectOf: userAt('authorId') },
  PayoutSent: { fields: DESTINATION_FIELDS, subjectOf: userAt('authorId') },
  PayoutRelocked: { fields: DESTINATION_FIELDS, subjectOf: userAt('authorId') },
  // The owner's receiving address may name them (a personal domain, a path with their name).
  WebhookEndpointPaused: { fields: ['url'], subjectOf: userAt('ownerId') },
  // The address and the note the giver typed: the giver's to give and to take back (docs/gifts.md).
  GiftGiven: { fields: ['recipientEmail', 'note'], subjectOf: userAt('giverUserId') },
  // The person's own words appealing a decision, and the admin's answer to them.
  DecisionAppealed: { fields: ['text'], subjectOf: userAt('userId') },
  AppealDecided: { fields: ['reason'], subjectOf: userAt('userId') },
};

/**
 * Personal data in any event's metadata: a guest buyer acts under the email address of their order,
 * which belongs to that address's person.
 */
export const personalMetadataRule: PersonalFieldRule = {
  fields: ['actor.guestEmail'],
  subjectOf: (metadata) => {
    const actor = metadata.actor as { guestEmail?: unknown } | undefined;
    return typeof actor?.guestEmail === 'string' ? { email: actor.guestEmail } : null;
  },
};

/** The value at a dotted path, or undefined. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `data` with the value at a dotted path replaced (the path's objects are copied, not shared). */
export function withValueAt(data: unknown, path: string, value: unknown): unknown {
  const [key, ...rest] = path.split('.');
  if (typeof data !== 'object' || data === null || key === undefined) return data;
  const record = data as Record<string, unknown>;
  if (!(key in record)) return data;
  return { ...record, [key]: rest.length === 0 ? value : withValueAt(record[key], rest.join('.'), value) };
}
