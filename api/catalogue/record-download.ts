import { skinDownloaded, downloadStreamId, type Downloader } from '../../domain/downloads/download.events';
import type { DatabasePool } from '../../infra/db/pool';
import type { EventMetadata, EventStore } from '../../infra/event-store/event-store';

/** Records a download as a SkinDownloaded event; the counters follow through the catch-up projection. */
export async function recordDownload(
  deps: { pool: DatabasePool; store: EventStore },
  skin: { id: number; game: string; authorId: number },
  downloader: Downloader,
  metadata: EventMetadata = {},
): Promise<void> {
  await deps.pool.transaction((tx) =>
    deps.store.append(tx, {
      streamId: downloadStreamId(skin.id),
      streamType: 'skin-downloads',
      expectedVersion: 'any',
      events: [{ ...skinDownloaded(skin, downloader), metadata }],
    }),
  );
}
