import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import {
  webhookEndpointDecider,
  type WebhookEndpointCommand,
  type WebhookEndpointEvent,
} from './webhook-endpoint.decider';

const { given } = deciderSpec(webhookEndpointDecider);
const at = '2026-11-28T08:00:00.000Z';
const pause: WebhookEndpointCommand = {
  kind: 'pause',
  endpointId: 5,
  ownerId: 9,
  url: 'https://example.com/hooks',
  consecutiveFailures: 20,
  reason: '20 failed attempts in a row',
  at,
};
const resume: WebhookEndpointCommand = { kind: 'resume', endpointId: 5, ownerId: 9, by: 9, at };
const paused: WebhookEndpointEvent = {
  type: 'WebhookEndpointPaused',
  data: {
    endpointId: 5,
    ownerId: 9,
    url: 'https://example.com/hooks',
    consecutiveFailures: 20,
    reason: '20 failed attempts in a row',
    pausedAt: at,
  },
};
const resumed: WebhookEndpointEvent = {
  type: 'WebhookEndpointResumed',
  data: { endpointId: 5, ownerId: 9, resumedBy: 9, resumedAt: at },
};

describe('webhook endpoint decider', () => {
  it('pauses an active endpoint', () => given([]).when(pause).then([paused]));
  it('pausing a paused endpoint writes nothing (two senders may both see the run of failures)', () =>
    given([paused]).when(pause).then([]));
  it('resumes a paused endpoint', () => given([paused]).when(resume).then([resumed]));
  it('resuming an active endpoint writes nothing', () => {
    given([]).when(resume).then([]);
    given([paused, resumed]).when(resume).then([]);
  });
  it('pauses again after a resumption', () => given([paused, resumed]).when(pause).then([paused]));
});
