import { z } from 'zod';

/*
 * Webhooks (docs/webhooks.md): the event types an endpoint may ask for, and the zod schemas the
 * API and the web form share. Whether an address is public is the server's check on top of these
 * (api/webhooks/webhook-address-guard.ts), at registration and again at every delivery.
 */

export const WEBHOOK_SCOPES = ['AUTHOR', 'SITE'] as const;
export type WebhookScope = (typeof WEBHOOK_SCOPES)[number];

export const WEBHOOK_EVENT_TYPES = [
  'sale.completed',
  'sale.refunded',
  'payout.locked',
  'payout.sent',
  'payout.failed',
  'rating.created',
  'comment.created',
  'report.created',
  'report.resolved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * What each scope may ask for. An author's endpoint: sales and refunds of their items, their
 * payouts, votes on their skins, comments on their items, the outcome of reports they made. A site-wide endpoint (admins):
 * every sale, refund and payout, every report and its outcome.
 */
export const WEBHOOK_EVENTS_OF_SCOPE: Record<WebhookScope, readonly WebhookEventType[]> = {
  AUTHOR: [
    'sale.completed',
    'sale.refunded',
    'payout.locked',
    'payout.sent',
    'payout.failed',
    'rating.created',
    'comment.created',
    'report.resolved',
  ],
  SITE: [
    'sale.completed',
    'sale.refunded',
    'payout.locked',
    'payout.sent',
    'payout.failed',
    'report.created',
    'report.resolved',
  ],
};

export const WEBHOOK_URL_MAX = 2000;

/** Plain http is taken for this host only, and only outside production (local receivers, tests). */
export const LOCAL_HTTP_HOST = '127.0.0.1';

/**
 * An endpoint's address: https (or http://127.0.0.1, which the server takes only outside
 * production), no user name or password in it, no fragment.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the address of your endpoint.')
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters.`)
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'Enter a full address, like https://example.com/hooks.' });
      return;
    }
    const localHttp = url.protocol === 'http:' && url.hostname === LOCAL_HTTP_HOST;
    if (url.protocol !== 'https:' && !localHttp)
      context.addIssue({ code: 'custom', message: 'The address must start with https://.' });
    if (url.username !== '' || url.password !== '')
      context.addIssue({ code: 'custom', message: 'The address must not contain a user name or password.' });
    if (url.hash !== '')
      context.addIssue({ code: 'custom', message: 'The address must not contain a #fragment.' });
  });

export const webhookEndpointInputSchema = z
  .object({
    url: webhookUrlSchema,
    scope: z.enum(WEBHOOK_SCOPES).default('AUTHOR'),
    eventTypes: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1, 'Choose at least one event.')
      .max(WEBHOOK_EVENT_TYPES.length),
  })
  .superRefine((input, context) => {
    const allowed = WEBHOOK_EVENTS_OF_SCOPE[input.scope];
    const refused = input.eventTypes.filter((type) => !allowed.includes(type));
    if (refused.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['eventTypes'],
        message: `${refused.join(', ')} cannot be chosen for ${input.scope === 'SITE' ? 'a site-wide' : "an author's"} endpoint.`,
      });
  });
