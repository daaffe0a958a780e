import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors';
import { findUserById } from '../accounts/users.repository';
import type { AppContext } from '../app-context';
import { UserRateLimiter } from '../auth/user-rate-limiter';
import { viewerOf } from '../auth/viewer';
import { dataExportArchive } from './data-export.archive';

/** Archives per person per hour: enough to retry a broken download, too few to load the server. */
export const DATA_EXPORTS_PER_HOUR = 5;

/**
 * GET /api/me/data-export: the signed-in person's data as one zip of JSON and CSV files with a
 * README.txt (docs/account-deletion.md, "Your data"). A browser session only (the session cookie
 * lets a plain link work): an API token, whatever its scopes, cannot take everything at once.
 */
export async function dataExportRoutes(fastify: FastifyInstance, app: AppContext) {
  const exportsPerUser = new UserRateLimiter(app.pool, {
    name: 'data-exports',
    max: DATA_EXPORTS_PER_HOUR,
    windowMs: 3_600_000,
    now: app.now,
    message: `You downloaded your data ${DATA_EXPORTS_PER_HOUR} times in the last hour. Please wait a while.`,
  });

  fastify.get('/api/me/data-export', async (request, reply) => {
    const viewer = await viewerOf(app, request);
    if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Log in to download your data.');
    if (viewer.apiToken) {
      throw new DomainError('FORBIDDEN', 'Your data is downloaded from a signed-in browser session only.');
    }
    const user = await findUserById(app.pool, viewer.id);
    if (!user || user.anonymous || user.deleted_at !== null) {
      throw new DomainError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
    }
    await exportsPerUser.hit(user.id);
    const day = app.now().toISOString().slice(0, 10);
    request.log.info({ userId: user.id }, 'data export');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="trackskins-data-${user.url}-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(dataExportArchive(app, user.id));
  });
}
