import { ForeignKeyIntegrityConstraintViolationError, sql } from 'slonik';
import { z } from 'zod';
import {
  shouldPauseEndpoint,
  webhookRetryDelayMs,
  webhookRoundExhausted,
} from '../../domain/webhooks/webhook-retry';
import { OutboxWorker } from '../../infra/db/outbox-worker';
import type { WebhookConfig } from '../../infra/config';
import { sendWebhookRequest, type WebhookResponse } from '../../infra/webhooks/webhook-http';
import { SIGNATURE_HEADER, signatureHeaderValue } from '../../infra/webhooks/webhook-signature';
import type { AppContext } from '../app-context';
import { WEBHOOK_DELIVERIES_CHANNEL } from './webhook-deliveries';
import { pauseEndpoint } from './webhook-endpoint-status';

type SenderContext = Pick<AppContext, 'pool' | 'store' | 'log'>;

export type WebhookSenderOptions = WebhookConfig & {
  /** Connection string for LISTEN; without it the sender only polls (and `wake()`s). */
  listenUrl?: string;
  /** 0 ≤ x < 1 for the retries' jitter; Math.random unless a test fixes it. */
  random?: () => number;
};

const claimedRow = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  webhook_id: z.string(),
  event_type: z.string(),
  body: z.string(),
  attempts: z.number(),
  url: z.string(),
  secret: z.string(),
});
type Claimed = z.infer<typeof claimedRow>;

const failureRunRow = z.object({
  owner_id: z.number(),
  url: z.string(),
  status: z.string(),
  consecutive_failures: z.number(),
  failing_since: z.number().nullable(),
});

/** The first part of an error or answer kept in the log. */
const ERROR_LENGTH = 500;

/**
 * Delivers the webhook outbox (`webhook_deliveries`) outside the transactions that recorded it
 * (docs/webhooks.md, "Retries"). A due delivery of an active endpoint is leased (taken with `for
 * update skip locked` and held until its request's deadline has passed, so senders in several
 * processes never take the same one and a crash lets it go again), signed, sent with a deadline,
 * and its attempt recorded: a 2xx ends it, anything else (an error, a timeout, another status) is
 * tried again after a capped, jittered backoff until the round's attempts are spent. An endpoint
 * failing long enough is paused and its owner told. Woken by NOTIFY, a retry timer and polling.
 *
 * At least once: a crash after the receiver answered but before the attempt was recorded sends
 * the delivery again (with the same id in the envelope, for the receiver to drop).
 */
export class WebhookSender {
  private readonly worker: OutboxWorker;

  constructor(
    private readonly context: SenderContext,
    private readonly options: WebhookSenderOptions,
  ) {
    this.worker = new OutboxWorker({
      name: 'webhook sender',
      channel: WEBHOOK_DELIVERIES_CHANNEL,
      pollMs: options.pollMs,
      listenUrl: options.listenUrl,
      log: context.log,
      sendDue: () => this.sendDue(),
      // A leased delivery is due again when its lease runs out (its sender died).
      nextDueInMs: () =>
        this.context.pool.maybeOneFirst(sql.type(z.object({ ms: z.number().nullable() }))`
          select (extract(epoch from min(greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at))) - now()) * 1000)::float8 as ms
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'PENDING' and e.status = 'ACTIVE'`),
    });
  }

  start = () => this.worker.start();
  stop = () => this.worker.stop();
  /** Asks for a pass; passes never overlap, a wake during one asks for another. */
  wake = () => this.worker.wake();
  /** Sends what is due now until nothing is (waiting for a pass under way first); returns how many attempts it made. */
  drain = () => this.worker.drain();

  /** Leases up to `concurrency` due deliveries, sends them at once, records each; returns how many. */
  private async sendDue(): Promise<number> {
    const leaseMs = this.options.timeoutMs + 30_000;
    const claimed = await this.context.pool.any(sql.type(claimedRow)`
      with due as (
        select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.status = 'PENDING' and d.next_attempt_at <= now() and e.status = 'ACTIVE'
          and (d.leased_until is null or d.leased_until < now())
        order by d.next_attempt_at, d.id
        limit ${this.options.concurrency}
        for update of d skip locked)
      update webhook_deliveries d set leased_until = now() + make_interval(secs => ${leaseMs / 1000})
      from due, webhook_endpoints e
      where d.id = due.id and e.id = d.endpoint_id
      returning d.id, d.endpoint_id, d.webhook_id::text as webhook_id, d.event_type, d.body, d.attempts,
        e.url, e.secret`);
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  private async deliver(delivery: Claimed): Promise<void> {
    const log = this.context.log.child({ deliveryId: delivery.id, endpointId: delivery.endpoint_id });
    const attemptedAt = new Date();
    const timestamp = Math.floor(attemptedAt.getTime() / 1000);
    let response: WebhookResponse;
    try {
      response = await sendWebhookRequest({
        url: delivery.url,
        body: delivery.body,
        timeoutMs: this.options.timeoutMs,
        policy: { allowLoopback: this.options.allowLoopback },
        headers: {
          'content-type': 'application/json',
          'user-agent': 'TrackSkins-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeaderValue(delivery.secret, timestamp, delivery.body),
          'TrackSkins-Webhook-Id': delivery.webhook_id,
          'TrackSkins-Event': delivery.event_type,
        },
      });
    } catch (error) {
      response = {
        outcome: 'NETWORK_ERROR',
        error: error instanceof Error ? error.message : String(error),
        durationMs: Date.now() - attemptedAt.getTime(),
      };
    }
    let run: z.infer<typeof failureRunRow> | null;
    try {
      run = await this.record(delivery, attemptedAt, response);
    } catch (error) {
      // The endpoint was deleted while its request was under way: its deliveries and log went with it.
      if (error instanceof ForeignKeyIntegrityConstraintViolationError) return;
      throw error;
    }
    if (response.outcome === 'SUCCESS') return;
    log.warn({ outcome: response.outcome, attempts: delivery.attempts + 1 }, 'webhook delivery failed');
    if (
      run &&
      run.status === 'ACTIVE' &&
      shouldPauseEndpoint(
        {
          consecutiveFailures: run.consecutive_failures,
          failingSince: run.failing_since === null ? null : new Date(run.failing_since),
        },
        new Date(),
        this.options.pause,
      )
    ) {
      await pauseEndpoint(this.context, {
        endpointId: delivery.endpoint_id,
        ownerId: run.owner_id,
        url: run.url,
        consecutiveFailures: run.consecutive_failures,
      });
      log.warn({ failures: run.consecutive_failures }, 'webhook endpoint paused');
    }
  }

  /** The attempt, the delivery's new state and the endpoint's run of failures, in one transaction. */
  private async record(delivery: Claimed, attemptedAt: Date, response: WebhookResponse) {
    const ok = response.outcome === 'SUCCESS';
    const attempts = delivery.attempts + 1;
    const exhausted = !ok && webhookRoundExhausted(attempts, this.options.retry);
    const delayMs = webhookRetryDelayMs(attempts, this.options.retry, (this.options.random ?? Math.random)());
    return this.context.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`
        insert into webhook_attempts
          (delivery_id, attempted_at, duration_ms, outcome, status_code, error, response_body)
        values (${delivery.id}, ${attemptedAt.toISOString()}, ${response.durationMs}, ${response.outcome},
          ${'statusCode' in response ? response.statusCode : null},
          ${'error' in response ? response.error.slice(0, ERROR_LENGTH) : null},
          ${'body' in response ? response.body : null})`);
      if (ok) {
        await tx.query(sql.unsafe`
          update webhook_deliveries
          set status = 'SUCCEEDED', attempts = ${attempts}, succeeded_at = now(), leased_until = null
          where id = ${delivery.id}`);
        await tx.query(sql.unsafe`
          update webhook_endpoints set consecutive_failures = 0, failing_since = null
          where id = ${delivery.endpoint_id}`);
        return null;
      }
      await tx.query(sql.unsafe`
        update webhook_deliveries
        set attempts = ${attempts}, leased_until = null, status = ${exhausted ? 'FAILED' : 'PENDING'},
            next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
        where id = ${delivery.id}`);
      return tx.maybeOne(sql.type(failureRunRow)`
        update webhook_endpoints
        set consecutive_failures = consecutive_failures + 1,
            failing_since = coalesce(failing_since, ${attemptedAt.toISOString()}::timestamptz)
        where id = ${delivery.endpoint_id}
        returning owner_id, url, status, consecutive_failures, failing_since`);
    });
  }
}
