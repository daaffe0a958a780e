/**
 * Downloads of one skin by one downloader: stream `skin-downloads-{skinId}-{downloader}`, appended
 * with any expected version. A download decides nothing, so nothing needs all of a skin's downloads
 * in one order: a stream per skin would make a popular skin's downloads queue on one stream row,
 * while a stream per downloader and skin keeps the order the unique-downloader rule reads (a
 * downloader's first and last download of the skin). Older downloads were recorded on one stream
 * per skin (`skin-downloads-{skinId}`); readers use the event's data, never the stream id.
 */
export const downloadStreamId = (skinId: number, downloader: string) =>
  `skin-downloads-${skinId}-${downloader}`;

/**
 * Who downloaded: a signed-in user, or an anonymous visitor by the random key kept in their browser.
 * Unique counts are per downloader and skin.
 */
export type Downloader = { userId: number } | { visitorKey: string };

export function downloaderKey(downloader: Downloader): string {
  return 'userId' in downloader ? `user:${downloader.userId}` : `visitor:${downloader.visitorKey}`;
}

export type SkinDownloaded = {
  type: 'SkinDownloaded';
  data: {
    skinId: number;
    /** `user:{id}` or `visitor:{key}` */
    downloader: string;
    userId: number | null;
    /** Recorded so histories per game and author never need today's catalogue to replay. */
    game: string;
    authorId: number;
  };
};

export function skinDownloaded(
  skin: { id: number; game: string; authorId: number },
  downloader: Downloader,
): SkinDownloaded {
  return {
    type: 'SkinDownloaded',
    data: {
      skinId: skin.id,
      downloader: downloaderKey(downloader),
      userId: 'userId' in downloader ? downloader.userId : null,
      game: skin.game,
      authorId: skin.authorId,
    },
  };
}
