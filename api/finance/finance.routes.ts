import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { inEuros, journalCsv, ossCsv, summaryCsv } from '../../domain/finance/finance-exports';
import { isMonth, isQuarter, quarterOf } from '../../domain/finance/month-summary';
import type { AppContext } from '../app-context';
import { sessionTokenOf } from '../auth/session-token';
import { isAdmin } from '../auth/viewer';
import { HttpRefusal } from '../errors';
import { financeMonth, financeMonths, journalEntriesOfMonth, ossQuarter } from './finance.repository';

const monthParams = z.object({ month: z.string().refine(isMonth, 'Give the month as YYYY-MM.') });
const quarterParams = z.object({
  quarter: z.string().refine(isQuarter, 'Give the quarter as YYYY-Qn (2026-Q4).'),
});

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpRefusal(400, result.error.issues[0]?.message ?? 'Bad request.', null);
  return result.data;
}

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);

/**
 * The finance month for admins (docs/finance.md), Bearer or the session cookie (GETs only, they
 * change nothing):
 * - GET /api/admin/finance/months: the months with entries, newest first;
 * - GET /api/admin/finance/months/{YYYY-MM}: the month's summary (JSON, euros);
 * - GET /api/admin/finance/months/{YYYY-MM}/summary.csv and …/journal.csv;
 * - GET /api/admin/finance/oss/{YYYY-Qn}/return.csv: the quarter's One-Stop-Shop return.
 */
export async function financeRoutes(fastify: FastifyInstance, app: AppContext) {
  const requireAdmin = async (request: FastifyRequest) => {
    const viewer = await app.tokens.verify(sessionTokenOf(request));
    if (!viewer) throw new DomainError('UNAUTHENTICATED', 'You must be logged in to do this.');
    if (!isAdmin(viewer)) throw new DomainError('FORBIDDEN', 'You are not allowed to do this.');
    return viewer;
  };

  fastify.get('/api/admin/finance/months', async (request, reply) => {
    await requireAdmin(request);
    return reply.header('cache-control', 'private, no-store').send({ months: await financeMonths(app.pool) });
  });

  fastify.get('/api/admin/finance/months/:month', async (request, reply) => {
    await requireAdmin(request);
    const { month } = parsed(monthParams, request.params);
    const summary = await financeMonth(app.pool, month);
    return reply
      .header('cache-control', 'private, no-store')
      .send({ ...(inEuros(summary) as object), quarter: quarterOf(month) });
  });

  fastify.get('/api/admin/finance/months/:month/summary.csv', async (request, reply) => {
    await requireAdmin(request);
    const { month } = parsed(monthParams, request.params);
    const summary = await financeMonth(app.pool, month);
    return sendCsv(reply, `finance-${month}-summary.csv`, summaryCsv(summary));
  });

  fastify.get('/api/admin/finance/months/:month/journal.csv', async (request, reply) => {
    await requireAdmin(request);
    const { month } = parsed(monthParams, request.params);
    const entries = await journalEntriesOfMonth(app.pool, month);
    return sendCsv(reply, `finance-${month}-journal.csv`, journalCsv(entries));
  });

  fastify.get('/api/admin/finance/oss/:quarter/return.csv', async (request, reply) => {
    await requireAdmin(request);
    const { quarter } = parsed(quarterParams, request.params);
    return sendCsv(reply, `oss-return-${quarter}.csv`, ossCsv(await ossQuarter(app.pool, quarter)));
  });
}
