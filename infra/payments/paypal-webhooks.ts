import { z } from 'zod';
import { eurosToCents } from '../../domain/money';
import { PaymentProviderUnavailable } from './payment-provider';
import type { PaypalProvider } from './paypal.provider';
import { WebhookSignatureInvalid } from './stripe-card.provider';

/** The headers PayPal signs a webhook delivery with. */
const signatureHeaders = z.object({
  'paypal-auth-algo': z.string().min(1).max(100),
  'paypal-cert-url': z.string().url().max(500),
  'paypal-transmission-id': z.string().min(1).max(100),
  'paypal-transmission-sig': z.string().min(1).max(2000),
  'paypal-transmission-time': z.string().min(1).max(100),
});

const verificationAnswer = z.object({ verification_status: z.string() });

const money = z.object({ currency_code: z.string(), value: z.string() });
const link = z.object({ href: z.string(), rel: z.string().optional() });

/** A capture as PAYMENT.CAPTURE.COMPLETED / PENDING / DENIED carry it. */
const captureResource = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  custom_id: z.string().optional(),
  amount: money.optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});

/** A refund as PAYMENT.CAPTURE.REFUNDED carries it: its `up` link names the capture. */
const refundResource = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  custom_id: z.string().optional(),
  amount: money.optional(),
  seller_payable_breakdown: z.object({ total_refunded_amount: money.optional() }).optional(),
  links: z.array(link).optional(),
});

const webhookEvent = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(200),
  resource: z.unknown(),
});

export type PaypalCaptureNotice = {
  captureId: string;
  status: string | null;
  /** Our order id (the purchase unit's custom id). */
  orderId: string | null;
  /** The PayPal order the capture belongs to (our provider reference). */
  paypalOrderId: string | null;
  amountCents: number | null;
  currency: string | null;
};

export type PaypalRefundNotice = {
  refundId: string;
  captureId: string | null;
  orderId: string | null;
  /** What PayPal has refunded of the capture in all, when it says; else this refund's amount. */
  refundedCents: number | null;
  currency: string | null;
};

export type PaypalNotification = {
  eventId: string;
  type: string;
  capture: PaypalCaptureNotice | null;
  refund: PaypalRefundNotice | null;
};

const centsOf = (amount: z.infer<typeof money> | undefined) =>
  amount && /^\d+(\.\d{1,2})?$/.test(amount.value) ? eurosToCents(amount.value) : null;

/** Reads the parts of a (verified) PayPal webhook event the order code uses. */
export function parsePaypalNotification(body: unknown): PaypalNotification {
  const event = webhookEvent.parse(body);
  const base = { eventId: event.id, type: event.event_type, capture: null, refund: null };
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' || event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
    const refund = refundResource.safeParse(event.resource);
    if (!refund.success) return base;
    const up = refund.data.links?.find((candidate) => candidate.rel === 'up')?.href ?? '';
    const captureId = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/?$/.exec(up)?.[1] ?? null;
    const total = refund.data.seller_payable_breakdown?.total_refunded_amount ?? refund.data.amount;
    return {
      ...base,
      refund: {
        refundId: refund.data.id,
        captureId,
        orderId: refund.data.custom_id ?? null,
        refundedCents: centsOf(total),
        currency: total?.currency_code ?? null,
      },
    };
  }
  if (event.event_type.startsWith('PAYMENT.CAPTURE.')) {
    const capture = captureResource.safeParse(event.resource);
    if (!capture.success) return base;
    return {
      ...base,
      capture: {
        captureId: capture.data.id,
        status: capture.data.status ?? null,
        orderId: capture.data.custom_id ?? null,
        paypalOrderId: capture.data.supplementary_data?.related_ids?.order_id ?? null,
        amountCents: centsOf(capture.data.amount),
        currency: capture.data.amount?.currency_code ?? null,
      },
    };
  }
  return base;
}

/**
 * Verifies a webhook delivery through PayPal's verify-webhook-signature API: the signature
 * headers, our webhook id and the event exactly as received (spliced in as raw JSON, never
 * re-serialised, so PayPal checks the very bytes it signed). Throws WebhookSignatureInvalid when
 * headers are missing or PayPal answers FAILURE, PaymentProviderUnavailable when PayPal cannot say.
 */
export class PaypalWebhookVerifier {
  constructor(
    private readonly paypal: Pick<PaypalProvider, 'accessToken' | 'baseUrl' | 'timeoutMs'>,
    private readonly webhookId: string,
  ) {}

  async verify(rawBody: string, headers: Record<string, unknown>): Promise<void> {
    const signed = signatureHeaders.safeParse(headers);
    if (!signed.success) throw new WebhookSignatureInvalid('PayPal signature headers missing or malformed.');
    try {
      JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureInvalid('The body is not JSON.');
    }
    const h = signed.data;
    const request =
      `{"auth_algo":${JSON.stringify(h['paypal-auth-algo'])},` +
      `"cert_url":${JSON.stringify(h['paypal-cert-url'])},` +
      `"transmission_id":${JSON.stringify(h['paypal-transmission-id'])},` +
      `"transmission_sig":${JSON.stringify(h['paypal-transmission-sig'])},` +
      `"transmission_time":${JSON.stringify(h['paypal-transmission-time'])},` +
      `"webhook_id":${JSON.stringify(this.webhookId)},` +
      `"webhook_event":${rawBody}}`;
    let status: string;
    try {
      const token = await this.paypal.accessToken();
      const response = await fetch(`${this.paypal.baseUrl}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: request,
        signal: AbortSignal.timeout(this.paypal.timeoutMs),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
      status = verificationAnswer.parse(JSON.parse(text)).verification_status;
    } catch (error) {
      if (error instanceof PaymentProviderUnavailable) throw error;
      throw new PaymentProviderUnavailable('PAYPAL', 'verifying a webhook', error);
    }
    if (status !== 'SUCCESS') throw new WebhookSignatureInvalid(`PayPal says the signature is ${status}.`);
  }
}
