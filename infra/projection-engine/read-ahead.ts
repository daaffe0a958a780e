import type { FeedCheckpoint, StoredEvent } from '../event-store/event-store';

/** One page of a replay: the events to apply and the last event scanned. */
export type ReplayPage = { events: readonly StoredEvent[]; scannedTo: FeedCheckpoint };

/**
 * Feeds a replay's pages to `apply` in order while the next page is already being read, on another
 * connection than the one `apply` writes on (feed-copy-reader.ts): the database runs one page's
 * writes while this process decodes the next page's rows. Returns where the last page ended
 * (`from` when there was none) and how many events were applied.
 */
export async function applyReadingAhead(
  pages: AsyncIterator<ReplayPage>,
  from: FeedCheckpoint,
  apply: (page: ReplayPage) => Promise<void>,
): Promise<{ position: FeedCheckpoint; applied: number }> {
  let position = from;
  let applied = 0;
  // A read that fails while a page is being applied is reported when its page is awaited, not as
  // an unhandled rejection in between.
  const ahead = () => {
    const reading = pages.next();
    reading.catch(() => undefined);
    return reading;
  };
  let next = ahead();
  let finished = false;
  try {
    for (;;) {
      const page = await next;
      if (page.done) {
        finished = true;
        return { position, applied };
      }
      next = ahead();
      await apply(page.value);
      position = page.value.scannedTo;
      applied += page.value.events.length;
    }
  } finally {
    // Never leave a read running on a connection the caller is about to close (an apply failed).
    if (!finished) {
      await next.catch(() => undefined);
      await pages.return?.().catch(() => undefined);
    }
  }
}
