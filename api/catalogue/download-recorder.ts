import { downloadStreamId, skinDownloaded, type Downloader } from '../../domain/downloads/download.events';
import type { DatabasePool } from '../../infra/db/pool';
import type { AppendRequest, EventMetadata, EventStore, NewEvent } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logger';

type Download = {
  skin: { id: number; game: string; authorId: number };
  downloader: Downloader;
  metadata: EventMetadata;
};

type Waiting = Download & { resolve: () => void; reject: (error: unknown) => void };

export type DownloadRecorderOptions = {
  /** Most downloads written by one transaction. */
  maxBatch: number;
  /** Transactions writing downloads at once (each holds a pooled connection). */
  maxWriters: number;
};

/**
 * Records downloads as SkinDownloaded events with group commit: downloads that arrive while a
 * transaction is writing wait and go together in the next one, so a burst costs a few commits
 * instead of one per download. `record` resolves only once the download's own event is committed,
 * so a download answered is a download counted. A failed batch is written again one download at a
 * time, so one bad download never fails the others.
 */
export class DownloadRecorder {
  private queue: Waiting[] = [];
  private writers = 0;

  constructor(
    private readonly deps: { pool: DatabasePool; store: EventStore; log: Logger },
    private readonly options: DownloadRecorderOptions = { maxBatch: 500, maxWriters: 2 },
  ) {}

  record(download: Download): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...download, resolve, reject });
      this.writeNext();
    });
  }

  private writeNext(): void {
    if (this.writers >= this.options.maxWriters || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.writers++;
    void this.write(batch).finally(() => {
      this.writers--;
      this.writeNext();
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      await this.append(batch);
      for (const waiting of batch) waiting.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      this.deps.log.warn(
        { err: error, downloads: batch.length },
        'download batch failed; writing one by one',
      );
    }
    for (const waiting of batch) {
      try {
        await this.append([waiting]);
        waiting.resolve();
      } catch (error) {
        waiting.reject(error);
      }
    }
  }

  /** One transaction; a downloader's repeated downloads of a skin go to their stream in arrival order. */
  private async append(batch: readonly Download[]): Promise<void> {
    const streams = new Map<string, NewEvent[]>();
    for (const { skin, downloader, metadata } of batch) {
      const event = { ...skinDownloaded(skin, downloader), metadata };
      const streamId = downloadStreamId(skin.id, event.data.downloader);
      streams.set(streamId, [...(streams.get(streamId) ?? []), event]);
    }
    const requests: AppendRequest[] = [...streams].map(([streamId, events]) => ({
      streamId,
      streamType: 'skin-downloads',
      expectedVersion: 'any',
      events,
    }));
    await this.deps.pool.transaction((tx) => this.deps.store.append(tx, requests));
  }
}
