import type { FormattedTaxDocument } from '../../../../../domain/invoices/tax-document';

export type TaxDocumentAnswer = FormattedTaxDocument & { links: { pdf: string } };
export type OrderDocumentsAnswer = {
  externalId: string;
  status: string;
  invoice: string | null;
  creditNote: string | null;
  /** Not issued yet, but on its way (the numbering has still to read the payment or refund). */
  invoicePending: boolean;
  creditNotePending: boolean;
};

/** What a GET of the documents' API answered: the body, or why not (401, 404, 0 for the network). */
export type Fetched<T> = { ok: true; body: T } | { ok: false; status: number };

/** GETs with the session cookie the browser keeps (a guest passes the order's key instead). */
export async function getJson<T>(path: string): Promise<Fetched<T>> {
  try {
    const response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { ok: false, status: response.status };
    return { ok: true, body: (await response.json()) as T };
  } catch (error) {
    console.warn(`GET ${path} failed`, error);
    return { ok: false, status: 0 };
  }
}

export const withKey = (path: string, key: string | null) =>
  key ? `${path}?k=${encodeURIComponent(key)}` : path;
