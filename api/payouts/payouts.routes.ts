import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { formatEuros } from '../../domain/money';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../domain/payouts/payout.events';
import { csvText } from '../../domain/text/csv';
import { bearerToken, cookieValue } from '../../infra/auth/session-tokens';
import { chainHead, chainHeadLine } from '../../infra/event-store/event-chain';
import type { AppContext } from '../app-context';
import { sessionTokenOf } from '../auth/session-token';
import { isAdmin } from '../auth/viewer';
import { HttpRefusal } from '../errors';
import { statementCsv } from './payout-statement';
import { findPayout, linesOfPayouts, payoutRegister } from './payouts.repository';
import { exportSepaFile, MAX_SEPA_PAYOUTS } from './export-sepa-file.handler';
import { findSepaFile } from './sepa-files.repository';

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give dates as YYYY-MM-DD.');
/** The register's filter as the query string gives it. */
export const registerQuery = z.object({
  from: day.nullish(),
  to: day.nullish(),
  status: z.enum(PAYOUT_STATUSES as [PayoutStatus, ...PayoutStatus[]]).nullish(),
});
const exportBody = z.object({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, 'Choose at least one payout.')
    .max(MAX_SEPA_PAYOUTS, `A file holds at most ${MAX_SEPA_PAYOUTS} payouts.`),
});

/**
 * GET /api/payouts/{id}/statement.csv: a payout's statement for finance (see statementCsv), ending with the event log's head (also in the X-Event-Log-Head header); for its
 * author or an admin (Bearer, or the session cookie so that a plain link works).
 *
 * The SEPA files, for admins: POST /api/admin/payouts/sepa-files with `{ "ids": [1, 2] }` makes a
 * file of locked bank payouts, records the export on each payout and stores the file (201, its
 * summary); GET /api/admin/payouts/sepa-files/{fileId} downloads a stored file as it was made. The
 * POST changes money's state, so a session cookie counts only with a JSON body (sessionTokenOf):
 * another site's form cannot export. GET /api/admin/payouts/register.csv: the payouts register, ending with
 * the event log's head.
 */
export async function payoutsRoutes(fastify: FastifyInstance, app: AppContext) {
  const requireAdmin = async (request: FastifyRequest) => {
    const viewer = await app.tokens.verify(sessionTokenOf(request));
    if (!viewer) throw new DomainError('UNAUTHENTICATED', 'You must be logged in to do this.');
    if (!isAdmin(viewer)) throw new DomainError('FORBIDDEN', 'You are not allowed to do this.');
    return viewer;
  };

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
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payout-${payout.id}-statement.csv"`)
      .header('cache-control', 'private, no-store')
      .header('x-event-log-head', head)
      .send(statementCsv(payout, lines, head));
  });

  // The export used to be this GET: it changes state, so it is a POST now.
  fastify.get('/api/admin/payouts/sepa', async () => {
    throw new HttpRefusal(
      405,
      'Exporting a SEPA file is a POST to /api/admin/payouts/sepa-files; a stored file is downloaded with GET /api/admin/payouts/sepa-files/{id}.',
      null,
    );
  });

  fastify.post('/api/admin/payouts/sepa-files', async (request, reply) => {
    const viewer = await requireAdmin(request);
    const parsed = exportBody.safeParse(request.body);
    if (!parsed.success) {
      throw new HttpRefusal(
        400,
        parsed.error.issues[0]?.message.startsWith('Expected')
          ? 'Give the payout ids as { "ids": [1, 2, 3] }.'
          : (parsed.error.issues[0]?.message ?? 'Give the payout ids as { "ids": [1, 2, 3] }.'),
        'ids',
      );
    }
    try {
      const file = await exportSepaFile(app, parsed.data.ids, {
        actor: { userId: viewer.id, role: 'admin' },
        correlationId: request.id,
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          fileId: file.id,
          messageId: file.message_id,
          filename: file.filename,
          payoutIds: file.payout_ids,
          payoutCount: file.payout_count,
          total: formatEuros(file.total_cents),
          executionDate: file.execution_date,
          createdAt: iso(file.created_at),
          downloadUrl: `/api/admin/payouts/sepa-files/${file.id}`,
        });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'BAD_USER_INPUT') {
        throw new HttpRefusal(400, error.message, 'ids');
      }
      throw error;
    }
  });

  fastify.get<{ Params: { fileId: string } }>(
    '/api/admin/payouts/sepa-files/:fileId',
    async (request, reply) => {
      await requireAdmin(request);
      const file = await findSepaFile(app.pool, request.params.fileId);
      if (!file) throw new DomainError('NOT_FOUND', 'There is no such SEPA file.');
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );

  fastify.get('/api/admin/payouts/register.csv', async (request, reply) => {
    await requireAdmin(request);
    const parsed = registerQuery.safeParse(request.query);
    if (!parsed.success) {
      throw new HttpRefusal(400, parsed.error.issues[0]?.message ?? 'Bad filter.', null);
    }
    const filter = {
      from: parsed.data.from ?? null,
      to: parsed.data.to ?? null,
      status: parsed.data.status ?? null,
    };
    const { rows, totals } = await payoutRegister(app.pool, filter, { page: 0, size: null });
    // The event log's head as the register was made (docs/operations.md, "Checking the event log").
    const head = chainHeadLine(await chainHead(app.pool));
    const header = [
      'payout',
      'author',
      'status',
      'amount EUR',
      'method',
      'payee',
      'IBAN',
      'locked at',
      'payout date',
      'SEPA file',
      'end-to-end id',
      'exported at',
      'sent at',
      'reference',
      'failed at',
      'failure reason',
    ];
    // Totals rows have every cell, so that each record has the header's width.
    const padded = (cells: string[]) => [...cells, ...Array<string>(header.length - cells.length).fill('')];
    const csv = csvText(header, [
      ...rows.map((row) => [
        row.id,
        row.author_name ?? '',
        row.status,
        formatEuros(row.amount_cents),
        row.payout_method ?? '',
        row.destination?.name ?? '',
        row.destination?.iban ?? '',
        iso(row.locked_at),
        row.payout_date ?? '',
        row.export_batch_id ?? '',
        row.end_to_end_id ?? '',
        iso(row.exported_at),
        iso(row.sent_at),
        row.transfer_reference ?? '',
        iso(row.status === 'ERROR' ? row.failed_at : null),
        row.status === 'ERROR' ? (row.failure_reason ?? '') : '',
      ]),
      // The totals of the whole selection: all of it, then by status.
      padded(['total', `${totals.count} payouts`, '', formatEuros(totals.amount_cents)]),
      padded(['total', '', 'SENT', formatEuros(totals.sent_cents)]),
      padded(['total', '', 'LOCKED', formatEuros(totals.locked_cents)]),
      padded(['total', '', 'ERROR', formatEuros(totals.failed_cents)]),
      padded(['event log head', head]),
    ]);
    const name = `payouts-register${filter.from ? `-from-${filter.from}` : ''}${filter.to ? `-to-${filter.to}` : ''}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-event-log-head', head)
      .send(csv);
  });
}
