import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors';
import { formatEuros } from '../../domain/money';
import { csvText } from '../../domain/text/csv';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import { chainHead, chainHeadLine } from '../../infra/event-store/event-chain';
import type { AppContext } from '../app-context';
import { isAdmin, sessionTokenOf } from '../auth/viewer';
import { HttpRefusal } from '../errors';
import { exportSepaFile } from './payout-admin.handlers';
import { findPayout, linesOfPayouts } from './payouts.repository';

const MAX_SEPA_PAYOUTS = 500;
const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/**
 * GET /api/payouts/{id}/statement.csv: a payout's statement for finance, one row per line (items
 * and refund adjustments), a total row and the event log's head; for its author or an admin (Bearer, or the session
 * cookie so that a plain link works). GET /api/admin/payouts/sepa?ids=1,2: the SEPA credit
 * transfer file of locked bank payouts, for admins with a Bearer token only (it records the export).
 */
export async function payoutsRoutes(fastify: FastifyInstance, app: AppContext) {
  fastify.get<{ Params: { id: string } }>('/api/payouts/:id/statement.csv', async (request, reply) => {
    const token = bearerToken(request.headers.authorization) ?? cookieValue(request.headers.cookie, 'token');
    const viewer = await app.tokens.verify(token);
    if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Log in to see your payout statements.');
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : null;
    const payout = id === null ? null : await findPayout(app.pool, id);
    if (!payout || (payout.author_id !== viewer.id && !isAdmin(viewer))) {
      throw new DomainError('NOT_FOUND', 'There is no such payout.');
    }
    const lines = await linesOfPayouts(app.pool, [payout.id]);
    // The event log's head as the statement was made (docs/operations.md, "Checking the event log").
    const head = chainHeadLine(await chainHead(app.pool));
    const sum = (pick: (line: (typeof lines)[number]) => number) =>
      formatEuros(lines.reduce((total, line) => total + pick(line), 0));
    const csv = csvText(
      [
        'payout',
        'status',
        'line',
        'order',
        'date',
        'type',
        'item',
        'paid with',
        'price EUR',
        'tip EUR',
        'payment fee EUR',
        'site fee EUR',
        'author share EUR',
      ],
      [
        ...lines.map((line) => [
          payout.id,
          payout.status,
          line.kind === 'ITEM' ? 'item' : 'refund adjustment',
          line.order_external_id,
          iso(line.occurred_at),
          line.item_type,
          line.name,
          line.payment_type ?? '',
          formatEuros(line.price_cents),
          formatEuros(line.tip_cents),
          formatEuros(line.payment_fee_cents),
          formatEuros(line.site_fee_cents),
          formatEuros(line.author_share_cents),
        ]),
        [
          payout.id,
          payout.status,
          'total',
          '',
          '',
          '',
          `${lines.length} lines`,
          '',
          sum((line) => line.price_cents),
          sum((line) => line.tip_cents),
          sum((line) => line.payment_fee_cents),
          sum((line) => line.site_fee_cents),
          formatEuros(payout.amount_cents),
        ],
        [payout.id, payout.status, 'event log head', '', '', '', head, '', '', '', '', '', ''],
      ],
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payout-${payout.id}-statement.csv"`)
      .header('cache-control', 'private, no-store')
      .header('x-event-log-head', head)
      .send(csv);
  });

  fastify.get<{ Querystring: { ids?: unknown } }>('/api/admin/payouts/sepa', async (request, reply) => {
    const viewer = await app.tokens.verify(sessionTokenOf(request));
    if (!viewer) throw new DomainError('UNAUTHENTICATED', 'You must be logged in to do this.');
    if (!isAdmin(viewer)) throw new DomainError('FORBIDDEN', 'You are not allowed to do this.');
    const text = typeof request.query.ids === 'string' ? request.query.ids : '';
    const parts = text.split(',').map((part) => part.trim());
    if (text === '' || parts.length > MAX_SEPA_PAYOUTS || !parts.every((part) => /^\d{1,15}$/.test(part))) {
      throw new HttpRefusal(400, `Give the payout ids as ids=1,2,3 (at most ${MAX_SEPA_PAYOUTS}).`, 'ids');
    }
    try {
      const file = await exportSepaFile(app, parts.map(Number), {
        actor: { userId: viewer.id, role: 'admin' },
        correlationId: request.id,
      });
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'BAD_USER_INPUT') {
        throw new HttpRefusal(400, error.message, 'ids');
      }
      throw error;
    }
  });
}
