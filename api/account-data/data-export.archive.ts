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

/** One file of the archive: its name, what README.txt says of it, and how it is made. */
type ArchiveFile = { name: string; about: string; content: () => Promise<string | Buffer> };

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
const csvFile = (
  name: string,
  about: string,
  columns: readonly string[],
  read: () => Promise<readonly ExportRow[]>,
): ArchiveFile => ({ name, about, content: async () => csvOf(columns, await read()) });

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

/**
 * The files of a person's archive, in the order they are written (docs/account-deletion.md, "Your
 * data"): GDPR Art. 15 (a copy of the data) and Art. 20 (in a common machine-readable form).
 */
async function archiveFiles(app: Deps, userId: number): Promise<ArchiveFile[]> {
  const db = app.pool;
  const taxDocuments = await query.taxDocumentNumbersOf(db, userId);
  const payoutIds = await query.payoutIdsOf(db, userId);
  // The event log's head ends each statement as on the payouts page; read once (it spans every stream).
  let logHead: Promise<string> | null = null;
  const eventLogHead = () => (logHead ??= chainHead(db).then(chainHeadLine));
  const files: ArchiveFile[] = [
    {
      name: 'profile.json',
      about:
        'Your account and profile: username, email and whether it is verified, name, country, language, roles, news and digest choices, author profile and social links, payout details (method, PayPal address, IBAN, BIC, street, city), dates.',
      content: async () => json(await query.profileOf(db, userId)),
    },
    {
      name: 'orders.json',
      about:
        'Your orders (also those you placed as a guest with your verified email): number, status, payment type, the buyer details given at checkout, total, dates, and the numbers of their invoice and credit note.',
      content: async () => json(await query.ordersOf(db, userId)),
    },
    csvFile(
      'order-items.csv',
      'Each item of your orders: order number, skin or bundle, its name, price and tip in euros.',
      ['order_number', 'position', 'item_type', 'item_id', 'name', 'price_eur', 'tip_eur'],
      () => query.orderItemsOf(db, userId),
    ),
    csvFile(
      'invoices.csv',
      'The invoices and credit notes of your orders: number, order, total and VAT in euros, date of issue. Each one is also in the invoices folder as the PDF the site issues.',
      ['kind', 'number', 'order_number', 'invoice_number', 'total_eur', 'vat_eur', 'issued_at'],
      () => query.taxDocumentsOf(db, userId),
    ),
    ...taxDocuments.map((document): ArchiveFile => ({
      name: `invoices/${document.kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${document.number}.pdf`,
      about: '',
      content: async () => {
        const row = await findTaxDocument(db, document.kind, document.number);
        if (!row) throw new Error(`Tax document ${document.number} vanished during the export.`);
        return taxDocumentPdf(await taxDocumentOf(app, row));
      },
    })),
    csvFile(
      'downloads.csv',
      'The skins you downloaded while signed in: the skin, your first and your last download of it (the site keeps no more than these two times per skin and person).',
      ['skin_id', 'skin_url', 'skin_title', 'first_download_at', 'last_download_at'],
      () => query.downloadsOf(db, userId),
    ),
    csvFile(
      'ratings.csv',
      'Your votes: the skin, the stars (1 to 5) and when you voted last.',
      ['skin_id', 'skin_url', 'skin_title', 'rating', 'rated_at'],
      () => query.ratingsOf(db, userId),
    ),
    csvFile(
      'comments.csv',
      'Your comments: the skin or bundle, the text, whether a moderator removed it, and when you wrote it.',
      ['id', 'item_type', 'item_url', 'item_title', 'text', 'removed_by_moderation', 'created_at'],
      () => query.commentsOf(db, userId),
    ),
    csvFile(
      'follows.csv',
      'The authors you follow, since when.',
      ['author_id', 'author_username', 'followed_at'],
      () => query.followsOf(db, userId),
    ),
    csvFile(
      'wishes.csv',
      'Your wishlist: each skin or bundle and when you added it.',
      ['item_type', 'item_id', 'item_url', 'item_title', 'wished_at'],
      () => query.wishesOf(db, userId),
    ),
    csvFile(
      'notifications.csv',
      'Your notifications (new skins of authors you follow, price drops of wished items, new versions of skins you own): kind, message, link, when, and whether you read it.',
      ['kind', 'item_type', 'item_id', 'message', 'link', 'created_at', 'read'],
      () => query.notificationsOf(db, userId),
    ),
    csvFile(
      'reports.csv',
      'What you reported to the moderators: the item, your reason and text, when, and the outcome.',
      ['item_type', 'item_id', 'reason', 'text', 'status', 'reported_at'],
      () => query.reportsFiledBy(db, userId),
    ),
    csvFile(
      'skins.csv',
      'The skins you uploaded as an author: title, description, price, whether published or taken down, dates.',
      [
        'id',
        'url',
        'title',
        'description',
        'price_eur',
        'published',
        'taken_down',
        'created_at',
        'deleted_at',
      ],
      () => query.createdItemsOf(db, userId, 'skins'),
    ),
    csvFile(
      'bundles.csv',
      'The bundles you made as an author, in the same columns.',
      [
        'id',
        'url',
        'title',
        'description',
        'price_eur',
        'published',
        'taken_down',
        'created_at',
        'deleted_at',
      ],
      () => query.createdItemsOf(db, userId, 'bundles'),
    ),
    {
      name: 'payouts.json',
      about:
        'Your payouts as an author: status, amount, counts of items, the method and destination (IBAN and BIC, or PayPal address) they were sent to, dates, transfer reference or failure reason.',
      content: async () => json((await payoutsByIds(db, payoutIds)).map(payoutView)),
    },
    ...payoutIds.map((payoutId): ArchiveFile => ({
      name: `payout-statements/payout-${payoutId}-statement.csv`,
      about: '',
      content: async () => {
        const [payout] = await payoutsByIds(db, [payoutId]);
        const lines = await linesOfPayouts(db, [payoutId]);
        return statementCsv(payout!, lines, await eventLogHead());
      },
    })),
    {
      name: 'api-tokens.json',
      about:
        'Your personal API tokens: name, the first characters that tell them apart, scopes, dates. Never the secrets: the site keeps only a hash of each, which is not in the archive either.',
      content: async () => json(await query.apiTokensOf(db, userId)),
    },
    {
      name: 'webhooks.json',
      about:
        'Your webhook endpoints: address, events, status, dates and how many deliveries are logged. Never their signing secrets.',
      content: async () => json(await query.webhooksOf(db, userId)),
    },
    {
      name: 'sessions.json',
      about:
        'What the site keeps of your sign-ins. It keeps no list of sessions: each sign-in is a signed token kept by your browser, and the site stores only a session version that ends all of them when it changes (a new password, "sign out everywhere", a block or a deletion).',
      content: async () => {
        const facts = await query.sessionFactsOf(db, userId);
        return json({
          sessionVersion: facts.session_version,
          openEmailVerificationLinks: facts.email_verification_links,
          note: 'Sessions are signed tokens kept by your browser (the session cookie) for up to 30 days; the site keeps no list of them, no sign-in history and no IP addresses of sign-ins.',
        });
      },
    },
  ];
  return files;
}

function readme(files: readonly ArchiveFile[], exportedAt: string): string {
  const described = files.filter((file) => file.about !== '');
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
    ...described.flatMap((file) => [`${file.name}`, `  ${file.about}`, '']),
    'invoices/',
    '  The PDF of each invoice and credit note listed in invoices.csv.',
    '',
    'payout-statements/',
    '  The statement of each payout as the site makes it for authors (one line per item, fees and totals).',
    '',
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
      zip.addBuffer(Buffer.from(readme(files, exportedAt)), 'README.txt', { mtime });
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
