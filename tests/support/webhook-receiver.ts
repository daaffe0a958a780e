import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; at: number };

/** What the receiver does with one request: answer a status, or hold it unanswered (a timeout). */
export type ReceiverStep = number | 'hang';

/**
 * A local HTTP receiver on 127.0.0.1: answers requests by the steps given (then the last one, or
 * 200), records every request with the time it arrived, and lets a test wait for them.
 */
export async function startWebhookReceiver(steps: ReceiverStep[] = []) {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const hanging = new Set<http.ServerResponse>();
  let step = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      });
      for (const wake of waiters.splice(0)) wake();
      const action = steps[Math.min(step++, steps.length - 1)] ?? 200;
      if (action === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(action, { 'content-type': 'text/plain' }).end(`answer ${action}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Resolves once `count` requests have arrived, or fails after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got ${received.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    async close(): Promise<void> {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An address where nothing listens: a receiver that is dead. */
export async function deadReceiverUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}
