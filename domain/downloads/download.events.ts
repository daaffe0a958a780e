/** Downloads of one skin: stream `skin-downloads-{skinId}`, appended with any expected version. */
export const downloadStreamId = (skinId: number) => `skin-downloads-${skinId}`;

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
