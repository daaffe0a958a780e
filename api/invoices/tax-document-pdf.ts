import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { supplyDateLabels, type FormattedTaxDocument } from '../../domain/invoices/tax-document';
import { woffToSfnt } from '../../infra/pdf/woff-to-sfnt';

const require = createRequire(import.meta.url);
/**
 * The site's heading typeface, embedded: its `latin` file has the Western European letters and €,
 * its `latin-ext` file the Central European ones (č, ě, ř, ů…), so names and addresses print as
 * written. Text is set run by run in whichever file has the glyphs.
 */
const FONT_FILES = {
  regular: ['latin-400', 'latin-ext-400'],
  bold: ['latin-700', 'latin-ext-700'],
} as const;
type Weight = keyof typeof FONT_FILES;

const parsedFonts = new Map<string, fontkit.Font>();
/**
 * The font, unwrapped from WOFF (woff-to-sfnt.ts says why) and parsed once per process; pdfkit
 * takes the parsed font as it is and makes each document's subset from it.
 */
function parsedFont(file: string): fontkit.Font {
  let font = parsedFonts.get(file);
  if (!font) {
    const path = require.resolve(`@fontsource/titillium-web/files/titillium-web-${file}-normal.woff`);
    const parsed = fontkit.create(woffToSfnt(readFileSync(path)));
    if (!('layout' in parsed)) throw new Error(`${path} is a font collection, not a font`);
    font = parsed;
    parsedFonts.set(file, font);
  }
  return font;
}

type Doc = InstanceType<typeof PDFDocument>;

const INK = '#1b1f27';
const MUTED = '#5a6272';
const RULE = '#d5d9e0';
const PAGE = { width: 595.28, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** The fonts of a document, with which file has a glyph for which character. */
function fontsOf(doc: Doc) {
  const names = new Map<Weight, [string, string]>();
  const has = new Map<string, (codePoint: number) => boolean>();
  for (const weight of ['regular', 'bold'] as const) {
    const [latin, ext] = FONT_FILES[weight];
    for (const [name, file] of [
      [`${weight}-latin`, latin],
      [`${weight}-ext`, ext],
    ] as const) {
      const font = parsedFont(file);
      // pdfkit's typings name only files and buffers; its font factory also takes a parsed font.
      doc.registerFont(name, font as unknown as Buffer);
      has.set(name, (codePoint) => font.hasGlyphForCodePoint(codePoint));
    }
    names.set(weight, [`${weight}-latin`, `${weight}-ext`]);
  }
  /** Runs of text each in the font file that has its letters; a letter neither has becomes "?". */
  return (weight: Weight, text: string): { font: string; text: string }[] => {
    const [latinName, extName] = names.get(weight)!;
    const runs: { font: string; text: string }[] = [];
    // Narrow no-break spaces (Intl's in some formats) print as the no-break space the font has.
    for (const char of text.replace(/\u202f/g, '\u00a0')) {
      const codePoint = char.codePointAt(0)!;
      const font = has.get(latinName)!(codePoint)
        ? latinName
        : has.get(extName)!(codePoint)
          ? extName
          : latinName;
      const printable = font === latinName && !has.get(latinName)!(codePoint) ? '?' : char;
      const last = runs.at(-1);
      if (last && last.font === font) last.text += printable;
      else runs.push({ font, text: printable });
    }
    return runs;
  };
}

type TextOptions = {
  x: number;
  y?: number;
  width: number;
  align?: 'left' | 'right';
  size?: number;
  weight?: Weight;
  color?: string;
};

/**
 * The invoice or credit note as an A4 PDF (pdfkit): the same facts, lines and notes as the
 * printable page, from the same document model.
 */
export async function taxDocumentPdf(document: FormattedTaxDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: {
      Title: `${document.title} ${document.number}`,
      Author: document.seller.name,
      Subject: `${document.title} ${document.number} for order ${document.orderExternalId}`,
      Creator: 'TrackSkins',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const runsOf = fontsOf(doc);

  const write = (text: string, options: TextOptions) => {
    const runs = runsOf(options.weight ?? 'regular', text);
    doc.fontSize(options.size ?? 10).fillColor(options.color ?? INK);
    if (options.align === 'right' || runs.length <= 1) {
      // Amounts and numbers: one run (their characters are all in the latin file).
      doc.font(runs[0]?.font ?? `${options.weight ?? 'regular'}-latin`);
      doc.text(runs.map((run) => run.text).join(''), options.x, options.y ?? doc.y, {
        width: options.width,
        align: options.align ?? 'left',
      });
      return;
    }
    runs.forEach((run, index) => {
      doc.font(run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, options.x, options.y ?? doc.y, { width: options.width, continued });
      else doc.text(run.text, { continued });
    });
  };
  const rule = (y: number, weight = 0.75, color = RULE) => {
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke();
  };

  // Heading: the site, then the document's kind and number.
  write('TRACKSKINS', { x: PAGE.margin, y: PAGE.margin, width: 250, size: 22, weight: 'bold' });
  write(`${document.title} ${document.number}`, {
    x: PAGE.margin + 250,
    y: PAGE.margin + 4,
    width: CONTENT_WIDTH - 250,
    align: 'right',
    size: 16,
    weight: 'bold',
  });
  rule(PAGE.margin + 34, 2, INK);

  // Facts.
  let y = PAGE.margin + 46;
  const facts: [string, string][] = [
    ['Number', document.number],
    ['Date of issue', document.issuedOn],
    ...(document.paidOn ? ([[supplyDateLabels[document.kind], document.paidOn]] as [string, string][]) : []),
    ['Order', document.orderExternalId],
    ...(document.invoiceNumber ? ([['Corrects invoice', document.invoiceNumber]] as [string, string][]) : []),
  ];
  const factWidth = CONTENT_WIDTH / facts.length;
  facts.forEach(([label, value], index) => {
    const x = PAGE.margin + index * factWidth;
    write(label.toUpperCase(), { x, y, width: factWidth - 8, size: 7.5, weight: 'bold', color: MUTED });
    write(value, { x, y: y + 11, width: factWidth - 8, size: 11, weight: 'bold' });
  });

  // Seller and buyer.
  y += 44;
  const half = CONTENT_WIDTH / 2;
  const party = (x: number, heading: string, lines: string[]) => {
    write(heading.toUpperCase(), { x, y, width: half - 16, size: 7.5, weight: 'bold', color: MUTED });
    let lineY = y + 12;
    lines.forEach((line, index) => {
      write(line, { x, y: lineY, width: half - 16, size: 10, weight: index === 0 ? 'bold' : 'regular' });
      lineY = doc.y + 1;
    });
    return lineY;
  };
  const seller = document.seller;
  const buyer = document.buyer;
  const sellerEnd = party(PAGE.margin, 'Seller', [
    seller.name,
    seller.address,
    ...(seller.companyId ? [`Company ID: ${seller.companyId}`] : []),
    seller.vatId ? `VAT ID: ${seller.vatId}` : 'Not registered for VAT',
  ]);
  const buyerEnd = party(PAGE.margin + half, 'Buyer', [
    buyer.name,
    buyer.email,
    `Country: ${buyer.countryName ?? buyer.country?.toUpperCase() ?? 'unknown'}`,
    ...(buyer.vatId ? [`VAT ID: ${buyer.vatId}`] : []),
  ]);

  // Lines.
  y = Math.max(sellerEnd, buyerEnd) + 18;
  const columns = [
    { label: 'Item', width: CONTENT_WIDTH - 4 * 78, align: 'left' as const },
    { label: 'Net', width: 78, align: 'right' as const },
    { label: 'VAT rate', width: 78, align: 'right' as const },
    { label: 'VAT', width: 78, align: 'right' as const },
    { label: 'Gross', width: 78, align: 'right' as const },
  ];
  const row = (cells: string[], options: { weight?: Weight; size?: number; color?: string }) => {
    let x = PAGE.margin;
    let bottom = y;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      write(cell, { x: x + 4, y, width: column.width - 8, align: column.align, ...options });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    y = bottom + 5;
  };
  row(
    columns.map((column) => column.label.toUpperCase()),
    { weight: 'bold', size: 7.5, color: MUTED },
  );
  rule(y - 2, 1.5, INK);
  y += 3;
  document.lines.forEach((line, index) => {
    const amounts = document.formatted.lines[index]!;
    const kind = line.itemType === 'SKIN' ? 'Skin' : 'Bundle';
    const listed = amounts.listPrice ? ` (list price ${amounts.listPrice})` : '';
    row(
      [`${line.description} · ${kind}${listed}`, amounts.net, amounts.rate, amounts.vat, amounts.gross],
      {},
    );
    rule(y - 2);
    y += 3;
  });
  rule(y - 3, 1.5, INK);
  row(
    [
      'Total',
      document.formatted.totals.net,
      '',
      document.formatted.totals.vat,
      document.formatted.totals.gross,
    ],
    { weight: 'bold', size: 11 },
  );

  // Why the VAT is what it is, and the evidence of the buyer's country.
  y += 14;
  write(document.vatNote, { x: PAGE.margin, y, width: CONTENT_WIDTH, size: 10, weight: 'bold' });
  if (document.formatted.evidence) {
    write(
      `Buyer’s country: ${document.buyer.countryName ?? 'unknown'}. Evidence: ${document.formatted.evidence}`,
      {
        x: PAGE.margin,
        y: doc.y + 6,
        width: CONTENT_WIDTH,
        size: 9,
        color: MUTED,
      },
    );
  }
  if (document.rateSetVersion) {
    write(`VAT rates: ${document.rateSetVersion}.`, {
      x: PAGE.margin,
      y: doc.y + 4,
      width: CONTENT_WIDTH,
      size: 9,
      color: MUTED,
    });
  }
  if (document.kind === 'CREDIT_NOTE') {
    write(
      `This credit note cancels invoice ${document.invoiceNumber ?? ''} in full: the order was refunded.`,
      {
        x: PAGE.margin,
        y: doc.y + 4,
        width: CONTENT_WIDTH,
        size: 9,
        color: MUTED,
      },
    );
  }
  const settled = document.kind === 'INVOICE' ? 'Paid in full' : 'Refunded in full';
  write(`${settled}. Order ${document.orderExternalId}, issued electronically.`, {
    x: PAGE.margin,
    y: doc.y + 18,
    width: CONTENT_WIDTH,
    size: 8,
    color: MUTED,
  });

  doc.end();
  return done;
}
