import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { csvText, type CsvCell } from '../../domain/text/csv';
import { chainHead, chainHeadLine } from '../../infra/event-store/event-chain';
import type { AppContext } from '../app-context';
import { taxDocumentOf } from '../invoices/tax-document-access';
import { taxDocumentPdf } from '../invoices/tax-document-pdf';
import { findTaxDocument } from '../invoices/tax-documents.repository';
import { statementCsv } from '../payouts/payout-statement';
import { linesOfPayouts, payoutsByIds, type PayoutRow } from '../payouts/payouts.repository';
import * as query from './data-export.query';
import type { ExportRow } from './data-export.query';

type Deps = Pick<AppContext, 'pool' | 'store' | 'now' | 'log'>;

/** One file of the archive: its name and how it is made. */
type ArchiveFile = { name: string; content: () => Promise<string | Buffer> };

/** What every kind of data is read with: the person, and the facts several kinds share, read once. */
type ExportScope = {
  app: Deps;
  db: Deps['pool'];
  userId: number;
  payoutIds: readonly number[];
  /** The event log's head, which ends each payout statement as on the payouts page. */
  eventLogHead: () => Promise<string>;
};

/**
 * One kind of data: a JSON file of what `read` returns, or a CSV file of its rows in `columns`; or a
 * folder of documents, a file each. `about` is what README.txt says of it.
 */
type DataKind =
  | { name: `${string}.json`; about: string; read: (scope: ExportScope) => Promise<unknown> }
  | {
      name: `${string}.csv`;
      about: string;
      columns: readonly string[];
      read: (scope: ExportScope) => Promise<readonly ExportRow[]>;
    }
  | { folder: `${string}/`; about: string; files: (scope: ExportScope) => Promise<ArchiveFile[]> };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const cellOf = (value: unknown): CsvCell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return Array.isArray(value) ? value.join(' ') : JSON.stringify(value);
};
/** A CSV of rows with these columns, through the product's one CSV writer (formula cells neutralised). */
const csvOf = (columns: readonly string[], rows: readonly ExportRow[]) =>
  csvText(
    columns,
    rows.map((row) => columns.map((column) => cellOf(row[column]))),
  );

function payoutView(payout: PayoutRow) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: payout.id,
    status: payout.status,
    amountEur: (payout.amount_cents / 100).toFixed(2),
    skins: payout.skin_count,
    bundles: payout.bundle_count,
    adjustments: payout.adjustment_count,
    payoutMethod: payout.payout_method,
    destination: payout.destination,
    payoutDate: payout.payout_date,
    transferReference: payout.transfer_reference,
    failureReason: payout.failure_reason,
    openedAt: iso(payout.opened_at),
    lockedAt: iso(payout.locked_at),
    sentAt: iso(payout.sent_at),
    failedAt: iso(payout.failed_at),
  };
}

const CREATED_ITEM_COLUMNS = [
  'id',
  'url',
  'title',
  'description',
  'price_eur',
  'published',
  'taken_down',
  'created_at',
  'deleted_at',
] as const;

/**
 * The kinds of data in a person's archive, in the order they are written (docs/account-deletion.md,
 * "Your data"): GDPR Art. 15 (a copy of the data) and Art. 20 (in a common machine-readable form).
 * A new kind of data is one entry here and its query in data-export.query.ts.
 */
const DATA_KINDS: readonly DataKind[] = [
  {
    name: 'profile.json',
    about:
      'Your account and profile: username, email and whether it is verified, name, country, language, roles, news and digest choices, author profile and social links, payout details (method, PayPal address, IBAN, BIC, street, city), dates.',
    read: ({ db, userId }) => query.profileOf(db, userId),
  },
  {
    name: 'orders.json',
    about:
      'Your orders (also those you placed as a guest with your verified email): number, status, payment type, the buyer details given at checkout, total, dates, and the numbers of their invoice and credit note.',
    read: ({ db, userId }) => query.ordersOf(db, userId),
  },
  {
    name: 'order-items.csv',
    about: 'Each item of your orders: order number, skin or bundle, its name, price and tip in euros.',
    columns: ['order_number', 'position', 'item_type', 'item_id', 'name', 'price_eur', 'tip_eur'],
    read: ({ db, userId }) => query.orderItemsOf(db, userId),
  },
  {
    name: 'invoices.csv',
    about:
      'The invoices and credit notes of your orders: number, order, total and VAT in euros, date of issue. Each one is also in the invoices folder as the PDF the site issues.',
    columns: ['kind', 'number', 'order_number', 'invoice_number', 'total_eur', 'vat_eur', 'issued_at'],
    read: ({ db, userId }) => query.taxDocumentsOf(db, userId),
  },
  {
    folder: 'invoices/',
    about: 'The PDF of each invoice and credit note listed in invoices.csv.',
    files: async ({ app, db, userId }) =>
      (await query.taxDocumentNumbersOf(db, userId)).map((document) => ({
        name: `invoices/${document.kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${document.number}.pdf`,
        content: async () => {
          const row = await findTaxDocument(db, document.kind, document.number);
          if (!row) throw new Error(`Tax document ${document.number} vanished during the export.`);
          return taxDocumentPdf(await taxDocumentOf(app, row));
        },
      })),
  },
  {
    name: 'downloads.csv',
    about:
      'The skins you downloaded while signed in: the skin, your first and your last download of it (the site keeps no more than these two times per skin and person).',
    columns: ['skin_id', 'skin_url', 'skin_title', 'first_download_at', 'last_download_at'],
    read: ({ db, userId }) => query.downloadsOf(db, userId),
  },
  {
    name: 'ratings.csv',
    about: 'Your votes: the skin, the stars (1 to 5) and when you voted last.',
    columns: ['skin_id', 'skin_url', 'skin_title', 'rating', 'rated_at'],
    read: ({ db, userId }) => query.ratingsOf(db, userId),
  },
  {
    name: 'comments.csv',
    about:
      'Your comments: the skin or bundle, the text, whether a moderator removed it, and when you wrote it.',
    columns: ['id', 'item_type', 'item_url', 'item_title', 'text', 'removed_by_moderation', 'created_at'],
    read: ({ db, userId }) => query.commentsOf(db, userId),
  },
  {
    name: 'follows.csv',
    about: 'The authors you follow, since when.',
    columns: ['author_id', 'author_username', 'followed_at'],
    read: ({ db, userId }) => query.followsOf(db, userId),
  },
  {
    name: 'wishes.csv',
    about: 'Your wishlist: each skin or bundle and when you added it.',
    columns: ['item_type', 'item_id', 'item_url', 'item_title', 'wished_at'],
    read: ({ db, userId }) => query.wishesOf(db, userId),
  },
  {
    name: 'notifications.csv',
    about:
      'Your notifications (new skins of authors you follow, price drops of wished items, new versions of skins you own): kind, message, link, when, and whether you read it.',
    columns: ['kind', 'item_type', 'item_id', 'message', 'link', 'created_at', 'read'],
    read: ({ db, userId }) => query.notificationsOf(db, userId),
  },
  {
    name: 'reports.csv',
    about: 'What you reported to the moderators: the item, your reason and text, when, and the outcome.',
    columns: ['item_type', 'item_id', 'reason', 'text', 'status', 'reported_at'],
    read: ({ db, userId }) => query.reportsFiledBy(db, userId),
  },
  {
    name: 'skins.csv',
    about:
      'The skins you uploaded as an author: title, description, price, whether published or taken down, dates.',
    columns: CREATED_ITEM_COLUMNS,
    read: ({ db, userId }) => query.createdItemsOf(db, userId, 'skins'),
  },
  {
    name: 'bundles.csv',
    about: 'The bundles you made as an author, in the same columns.',
    columns: CREATED_ITEM_COLUMNS,
    read: ({ db, userId }) => query.createdItemsOf(db, userId, 'bundles'),
  },
  {
    name: 'payouts.json',
    about:
      'Your payouts as an author: status, amount, counts of items, the method and destination (IBAN and BIC, or PayPal address) they were sent to, dates, transfer reference or failure reason.',
    read: async ({ db, payoutIds }) => (await payoutsByIds(db, payoutIds)).map(payoutView),
  },
  {
    folder: 'payout-statements/',
    about:
      'The statement of each payout as the site makes it for authors (one line per item, fees and totals).',
    files: async ({ db, payoutIds, eventLogHead }) =>
      payoutIds.map((payoutId) => ({
        name: `payout-statements/payout-${payoutId}-statement.csv`,
        content: async () => {
          const [payout] = await payoutsByIds(db, [payoutId]);
          const lines = await linesOfPayouts(db, [payoutId]);
          return statementCsv(payout!, lines, await eventLogHead());
        },
      })),
  },
  {
    name: 'api-tokens.json',
    about:
      'Your personal API tokens: name, the first characters that tell them apart, scopes, dates. Never the secrets: the site keeps only a hash of each, which is not in the archive either.',
    read: ({ db, userId }) => query.apiTokensOf(db, userId),
  },
  {
    name: 'webhooks.json',
    about:
      'Your webhook endpoints: address, events, status, dates and how many deliveries are logged. Never their signing secrets.',
    read: ({ db, userId }) => query.webhooksOf(db, userId),
  },
  {
    name: 'sessions.json',
    about:
      'What the site keeps of your sign-ins. It keeps no list of sessions: each sign-in is a signed token kept by your browser, and the site stores only a session version that ends all of them when it changes (a new password, "sign out everywhere", a block or a deletion).',
    read: async ({ db, userId }) => {
      const facts = await query.sessionFactsOf(db, userId);
      return {
        sessionVersion: facts.session_version,
        openEmailVerificationLinks: facts.email_verification_links,
        note: 'Sessions are signed tokens kept by your browser (the session cookie) for up to 30 days; the site keeps no list of them, no sign-in history and no IP addresses of sign-ins.',
      };
    },
  },
];

/** The files of one kind of data: its JSON or CSV file, or the documents of its folder. */
async function filesOf(kind: DataKind, scope: ExportScope): Promise<ArchiveFile[]> {
  if ('folder' in kind) return kind.files(scope);
  if ('columns' in kind)
    return [{ name: kind.name, content: async () => csvOf(kind.columns, await kind.read(scope)) }];
  return [{ name: kind.name, content: async () => json(await kind.read(scope)) }];
}

/** The files of a person's archive, in the order they are written. */
async function archiveFiles(app: Deps, userId: number): Promise<ArchiveFile[]> {
  const db = app.pool;
  let logHead: Promise<string> | null = null;
  const scope: ExportScope = {
    app,
    db,
    userId,
    payoutIds: await query.payoutIdsOf(db, userId),
    // Read once, and only if there is a statement: it spans every stream.
    eventLogHead: () => (logHead ??= chainHead(db).then(chainHeadLine)),
  };
  const files: ArchiveFile[] = [];
  for (const kind of DATA_KINDS) files.push(...(await filesOf(kind, scope)));
  return files;
}

const readmeEntry = (kind: DataKind) => ['folder' in kind ? kind.folder : kind.name, `  ${kind.about}`, ''];

function readme(exportedAt: string): string {
  return [
    'TrackSkins: your data',
    '=====================',
    '',
    `Made on ${exportedAt} (UTC) at your request: everything the site keeps about you and your account,`,
    'as the GDPR gives you the right to (Art. 15, a copy; Art. 20, in a machine-readable form).',
    'JSON files open in any text editor; CSV files in any spreadsheet (UTF-8, comma-separated).',
    'Times are in UTC (ISO 8601); money is in euros with two decimals.',
    '',
    'Files',
    '-----',
    '',
    // The files first, then the folders.
    ...DATA_KINDS.filter((kind) => !('folder' in kind)).flatMap(readmeEntry),
    ...DATA_KINDS.filter((kind) => 'folder' in kind).flatMap(readmeEntry),
    'Not in the archive: your password (only a hash of it is kept, which is no use to you), the secrets of',
    "your API tokens and webhooks, and other people's data. Your comments and ratings are listed, not the",
    'replies of others. Questions: write to the address on the privacy page.',
    '',
  ].join('\n');
}

/**
 * The archive as a stream: the files are made one after another and handed to the zip, which
 * streams them out as they come, so the first bytes leave before the last file is read and the
 * archive is never assembled whole in memory.
 */
export function dataExportArchive(app: Deps, userId: number): Readable {
  const zip = new yazl.ZipFile();
  const exportedAt = app.now().toISOString().slice(0, 19).replace('T', ' ');
  const mtime = app.now();
  void (async () => {
    try {
      const files = await archiveFiles(app, userId);
      zip.addBuffer(Buffer.from(readme(exportedAt)), 'README.txt', { mtime });
      for (const file of files) {
        const content = await file.content();
        zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), file.name, {
          mtime,
          // PDFs are compressed already.
          compress: !file.name.endsWith('.pdf'),
        });
      }
      zip.end();
    } catch (error) {
      app.log.error({ err: error, userId }, 'the data export failed part way');
      (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return zip.outputStream as Readable;
}
