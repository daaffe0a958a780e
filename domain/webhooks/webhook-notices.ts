import type { NotificationDraft } from '../community/notification-rules';
import type { WebhookEndpointPaused } from './webhook-endpoint.decider';

/** Where an owner manages their endpoints. */
export const WEBHOOKS_PAGE = '/me/settings/webhooks';

/** WEBHOOK_PAUSED: the endpoint's owner, with its address and why it was paused. */
export function webhookPausedNotification(fact: WebhookEndpointPaused['data']): NotificationDraft {
  return {
    userId: fact.ownerId,
    kind: 'WEBHOOK_PAUSED',
    itemType: null,
    itemId: null,
    message: `Webhook endpoint ${fact.url} was paused after ${fact.consecutiveFailures} failed attempts in a row`,
    link: WEBHOOKS_PAGE,
  };
}
