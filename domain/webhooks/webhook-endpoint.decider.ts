/*
 * An endpoint's pauses and resumptions (stream `webhook-endpoint-{id}`, type `webhook-endpoint`):
 * facts the owner is told about (a notification and a mail), kept as events. The endpoint itself
 * (address, events, secret) is a row its owner edits (migration 049).
 */

export type WebhookEndpointPaused = {
  type: 'WebhookEndpointPaused';
  data: {
    endpointId: number;
    ownerId: number;
    url: string;
    /** The failed attempts in a row that paused it. */
    consecutiveFailures: number;
    reason: string;
    pausedAt: string;
  };
};

export type WebhookEndpointResumed = {
  type: 'WebhookEndpointResumed';
  data: { endpointId: number; ownerId: number; resumedBy: number; resumedAt: string };
};

export type WebhookEndpointEvent = WebhookEndpointPaused | WebhookEndpointResumed;

export const webhookEndpointStreamId = (endpointId: number) => `webhook-endpoint-${endpointId}`;

export type WebhookEndpointCommand =
  | {
      kind: 'pause';
      endpointId: number;
      ownerId: number;
      url: string;
      consecutiveFailures: number;
      reason: string;
      at: string;
    }
  | { kind: 'resume'; endpointId: number; ownerId: number; by: number; at: string };

export type WebhookEndpointState = { paused: boolean };
export const initialWebhookEndpointState: WebhookEndpointState = { paused: false };

export function evolveWebhookEndpoint(_state: WebhookEndpointState, event: WebhookEndpointEvent) {
  return { paused: event.type === 'WebhookEndpointPaused' };
}

/** Pausing a paused endpoint, or resuming an active one, writes nothing. */
export function decideWebhookEndpoint(
  command: WebhookEndpointCommand,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] {
  if (command.kind === 'pause') {
    if (state.paused) return [];
    const { endpointId, ownerId, url, consecutiveFailures, reason, at } = command;
    return [
      {
        type: 'WebhookEndpointPaused',
        data: { endpointId, ownerId, url, consecutiveFailures, reason, pausedAt: at },
      },
    ];
  }
  if (!state.paused) return [];
  return [
    {
      type: 'WebhookEndpointResumed',
      data: {
        endpointId: command.endpointId,
        ownerId: command.ownerId,
        resumedBy: command.by,
        resumedAt: command.at,
      },
    },
  ];
}

export const webhookEndpointDecider = {
  initialState: initialWebhookEndpointState,
  decide: decideWebhookEndpoint,
  evolve: evolveWebhookEndpoint,
};
