import { createHash } from 'node:crypto';
import { z } from 'zod';
import { assertCents, formatEuros } from '../../domain/money';
import type { PaymentsConfig } from '../config';
import { PaymentProviderUnavailable } from './payment-provider';

export type PaypalPayoutRequest = {
  /**
   * Our idempotency key for the batch, e.g. "payout-42-3" (payout id + attempt). PayPal refuses a
   * repeated sender_batch_id (for 30 days), which makes a retried request safe: retry a request that
   * threw with the same key, and take a new one only after a refusal.
   */
  senderBatchId: string;
  /** e.g. "payout-42" */
  senderItemId: string;
  receiverEmail: string;
  /** > 0 */
  amountCents: number;
  /** Shown to the receiver, e.g. "TrackSkins author payout 42". */
  note: string;
  emailSubject: string;
};

/**
 * sent: PayPal accepted the batch (it is processed asynchronously); refused: PayPal rejected it for
 * a reason the author or admin must fix (e.g. RECEIVER_UNREGISTERED, INSUFFICIENT_FUNDS, validation
 * errors) — the payout goes to ERROR with this reason.
 */
export type PaypalPayoutResult = { status: 'sent'; batchId: string } | { status: 'refused'; reason: string };

/** Sends one author payout (one item per batch) to a PayPal account. */
export interface PaypalPayouts {
  readonly name: 'PAYPAL' | 'LOCAL';
  /**
   * Throws PaymentProviderUnavailable when PayPal could not be reached or failed on its side (the
   * batch may or may not exist: retry with the same senderBatchId), and PaypalPayoutAlreadySent when
   * PayPal reports the senderBatchId as used without naming the batch.
   */
  send(request: PaypalPayoutRequest): Promise<PaypalPayoutResult>;
}

/**
 * PayPal says the senderBatchId was used before but not which batch it made: the payout was sent
 * earlier (a lost answer, a second worker). Not a refusal, and not to be sent again under a new id.
 */
export class PaypalPayoutAlreadySent extends Error {
  override name = 'PaypalPayoutAlreadySent';
  constructor(
    readonly senderBatchId: string,
    readonly detail: string,
  ) {
    super(`PayPal payout batch ${senderBatchId} was already sent (${detail}).`);
  }
}

const BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

const REQUEST_TIMEOUT_MS = 20_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;
const MAX_REASON_LENGTH = 500;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  /** Seconds. */
  expires_in: z.number().nonnegative().optional(),
});

const payoutAnswer = z.object({
  batch_header: z.object({
    payout_batch_id: z.string().min(1),
    batch_status: z.string().optional(),
  }),
});

const errorAnswer = z.object({
  name: z.string().min(1),
  message: z.string().optional(),
  details: z
    .array(
      z.object({
        field: z.string().optional(),
        issue: z.string().optional(),
        description: z.string().optional(),
        link: z.array(z.object({ href: z.string(), rel: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});
type ErrorAnswer = z.infer<typeof errorAnswer>;

/** An HTTP answer PayPal gave that is not ours to act on: becomes PaymentProviderUnavailable. */
class UnexpectedAnswer extends Error {
  override name = 'UnexpectedAnswer';
}

const cut = (text: string) =>
  text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…` : text;

/** "INSUFFICIENT_FUNDS: Sender does not have sufficient funds." plus the details' issues, if any. */
function reasonOf(error: ErrorAnswer): string {
  const details = (error.details ?? [])
    .map((detail) => [detail.field, detail.issue ?? detail.description].filter(Boolean).join(': '))
    .filter((text) => text.length > 0);
  const message = error.message ? `${error.name}: ${error.message}` : error.name;
  return cut(details.length > 0 ? `${message} (${details.join('; ')})` : message);
}

/**
 * A repeated sender_batch_id. PayPal answers 400 USER_BUSINESS_ERROR with a SENDER_BATCH_ID detail
 * ("Batch with given sender_batch_id already exists") whose link is the original batch; other
 * names are accepted too. Returns the original batch id ('' when PayPal did not link it), or null
 * when the error is something else.
 */
function duplicateBatchOf(error: ErrorAnswer): string | null {
  const duplicateNames = [
    'DUPLICATE_REQUEST_ID',
    'SENDER_BATCH_ID_ALREADY_USED',
    'DUPLICATE_SENDER_BATCH_ID',
  ];
  const details = (error.details ?? []).filter(
    (detail) =>
      /sender_batch_id already (exists|used)|duplicate batch/i.test(detail.issue ?? '') ||
      (error.name === 'USER_BUSINESS_ERROR' && detail.field?.toUpperCase() === 'SENDER_BATCH_ID'),
  );
  if (details.length === 0 && !duplicateNames.includes(error.name)) return null;
  for (const detail of details.length > 0 ? details : (error.details ?? [])) {
    for (const link of detail.link ?? []) {
      const match = /\/v1\/payments\/payouts\/([A-Za-z0-9]+)\/?(?:\?.*)?$/.exec(link.href);
      if (match) return match[1]!;
    }
  }
  return '';
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Author payouts through PayPal's Payouts API (POST /v1/payments/payouts, one item per batch).
 *
 * PayPal's server SDK has no payouts controller, and its client builds the base URL from the
 * environment alone (no override), so its token call could not be pointed at a test server. This
 * class therefore does both calls itself with `fetch`: an OAuth token by client credentials
 * (`/v1/oauth2/token`, kept until shortly before it expires), then the payout, on the same base
 * URLs as the SDK's environments, or on `options.baseUrl`.
 */
export class PaypalPayoutsApi implements PaypalPayouts {
  readonly name = 'PAYPAL' as const;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private token: { value: string; renewAt: number } | null = null;

  constructor(
    private readonly config: NonNullable<PaymentsConfig['paypal']>,
    options: { baseUrl?: string; fetch?: typeof fetch; timeoutMs?: number } = {},
  ) {
    this.baseUrl = (options.baseUrl ?? BASE_URLS[config.environment]).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  async send(request: PaypalPayoutRequest): Promise<PaypalPayoutResult> {
    assertCents(request.amountCents, 'A payout amount', { nonNegative: true });
    if (request.amountCents === 0) throw new RangeError('A payout amount must be more than zero.');
    let response: Response;
    let body: unknown;
    try {
      const token = await this.accessToken();
      response = await this.fetch(`${this.baseUrl}/v1/payments/payouts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'paypal-request-id': request.senderBatchId,
        },
        body: JSON.stringify({
          sender_batch_header: {
            sender_batch_id: request.senderBatchId,
            email_subject: request.emailSubject,
            email_message: request.note,
          },
          items: [
            {
              recipient_type: 'EMAIL',
              receiver: request.receiverEmail,
              amount: { value: formatEuros(request.amountCents), currency: 'EUR' },
              note: request.note,
              sender_item_id: request.senderItemId,
            },
          ],
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await jsonOf(response);
    } catch (error) {
      throw new PaymentProviderUnavailable('PAYPAL', 'payout', error);
    }
    return this.resultOf(request, response, body);
  }

  private resultOf(request: PaypalPayoutRequest, response: Response, body: unknown): PaypalPayoutResult {
    const fail = (message: string) =>
      new PaymentProviderUnavailable('PAYPAL', 'payout', new UnexpectedAnswer(message));
    if (response.status === 200 || response.status === 201) {
      const accepted = payoutAnswer.safeParse(body);
      if (!accepted.success) throw fail(`HTTP ${response.status} without a payout batch id`);
      const { payout_batch_id: batchId, batch_status: status } = accepted.data.batch_header;
      if (status === 'DENIED' || status === 'CANCELED') {
        return {
          status: 'refused',
          reason: cut(`BATCH_${status}: PayPal ${status.toLowerCase()} payout batch ${batchId}`),
        };
      }
      return { status: 'sent', batchId };
    }
    const error = errorAnswer.safeParse(body);
    const described = error.success ? reasonOf(error.data) : 'no PayPal error in the answer';
    if (response.status === 401 || response.status === 403) {
      // Our credentials, or an account without payouts: a fresh token next time, and no refusal.
      this.token = null;
      throw fail(`HTTP ${response.status}: ${described}`);
    }
    if (
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 408 &&
      response.status !== 429 &&
      error.success
    ) {
      const duplicateOf = duplicateBatchOf(error.data);
      if (duplicateOf) return { status: 'sent', batchId: duplicateOf };
      if (duplicateOf === '') throw new PaypalPayoutAlreadySent(request.senderBatchId, described);
      return { status: 'refused', reason: described };
    }
    throw fail(`HTTP ${response.status}: ${described}`);
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    const credentials = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.fetch(`${this.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = await jsonOf(response);
    const token = tokenAnswer.safeParse(body);
    if (!response.ok || !token.success) {
      const error = z.object({ error: z.string(), error_description: z.string().optional() }).safeParse(body);
      const detail = error.success
        ? `${error.data.error} ${error.data.error_description ?? ''}`.trim()
        : 'no token';
      throw new UnexpectedAnswer(`token request: HTTP ${response.status}: ${detail}`);
    }
    const lifetimeMs = (token.data.expires_in ?? 0) * 1000;
    this.token = {
      value: token.data.access_token,
      renewAt: Date.now() + lifetimeMs - TOKEN_RENEWAL_MARGIN_MS,
    };
    return token.data.access_token;
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The stand-in used when no PayPal keys are configured: no money moves, every payout is "sent"
 * under a batch id made from its sender batch id (LOCAL-PAYOUT-…), so the same key answers the same
 * batch, as PayPal does. To try the failure path locally, a receiver whose
 * email domain ends with `.invalid` (reserved by RFC 2606, so no real account has it) is refused
 * as RECEIVER_UNREGISTERED, e.g. someone@example.invalid.
 */
export class LocalPaypalPayouts implements PaypalPayouts {
  readonly name = 'LOCAL' as const;

  async send(request: PaypalPayoutRequest): Promise<PaypalPayoutResult> {
    assertCents(request.amountCents, 'A payout amount', { nonNegative: true });
    if (request.amountCents === 0) throw new RangeError('A payout amount must be more than zero.');
    const domain = request.receiverEmail.slice(request.receiverEmail.lastIndexOf('@') + 1).trim();
    if (domain.toLowerCase().replace(/\.$/, '').endsWith('.invalid')) {
      return {
        status: 'refused',
        reason: cut(
          `RECEIVER_UNREGISTERED: the PayPal account ${request.receiverEmail} does not exist (local stand-in: addresses under the reserved .invalid domain are refused)`,
        ),
      };
    }
    // Derived from the sender batch id, as PayPal answers a repeated one with its first batch: a
    // retry with the same key gets the same batch, and nothing is "sent" twice.
    const digest = createHash('sha256').update(request.senderBatchId).digest();
    const suffix = Array.from(
      digest.subarray(0, 10),
      (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length],
    ).join('');
    return { status: 'sent', batchId: `LOCAL-PAYOUT-${suffix}` };
  }
}
