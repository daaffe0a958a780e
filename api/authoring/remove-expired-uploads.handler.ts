import type { AppContext } from '../app-context';
import { filesOf, removeStoredFiles } from './stored-files';
import { deleteTemporaryAssetsCreatedBefore } from './temporary-assets.repository';
import { forgetUploadUsageBefore } from './upload-quota';

/** How long an upload waits for an editor to use it: a day covers any editing session. */
export const TEMPORARY_ASSET_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the uploads nobody used within their lifetime: their rows, then their files (after the
 * delete committed, so a save that took an upload at the same moment keeps its file). Returns how
 * many went.
 */
export async function removeExpiredUploads(app: AppContext, now: Date = app.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - TEMPORARY_ASSET_LIFETIME_MS);
  const expired = await deleteTemporaryAssetsCreatedBefore(app.pool, cutoff);
  // Only today's upload bytes count against the daily budget (upload-quota.ts); older days go.
  await forgetUploadUsageBefore(app.pool, cutoff);
  await removeStoredFiles(
    app.storage,
    app.log,
    expired.flatMap((asset) => filesOf(asset.type, asset.filename)),
  );
  return expired.length;
}
