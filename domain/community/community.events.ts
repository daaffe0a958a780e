/**
 * The community's facts: follows, wishes, catalogue changes people are told about, and skin
 * versions. Each is an event; follower lists, wishlists, notifications and version histories are
 * read models built from them (docs/community.md).
 *
 * Times are ISO 8601 (UTC), money integer euro cents. Everything a reader needs to tell someone
 * about a fact (names, prices, the author) is copied into the event when it is decided, so a replay
 * never needs today's catalogue.
 */

export type ItemType = 'SKIN' | 'BUNDLE';

/** One user's follow of one author: `author-follow-{authorId}-{userId}`, last event wins. */
export const authorFollowStreamId = (authorId: number, userId: number) =>
  `author-follow-${authorId}-${userId}`;

export type AuthorFollowed = {
  type: 'AuthorFollowed';
  data: { authorId: number; userId: number; followedAt: string };
};
export type AuthorUnfollowed = {
  type: 'AuthorUnfollowed';
  data: { authorId: number; userId: number; unfollowedAt: string };
};

/** One user's wish for one item: `wish-{userId}-{skin|bundle}-{itemId}`, last event wins. */
export const wishStreamId = (userId: number, itemType: ItemType, itemId: number) =>
  `wish-${userId}-${itemType.toLowerCase()}-${itemId}`;

export type ItemWished = {
  type: 'ItemWished';
  data: { userId: number; itemType: ItemType; itemId: number; wishedAt: string };
};
export type ItemUnwished = {
  type: 'ItemUnwished';
  data: { userId: number; itemType: ItemType; itemId: number; unwishedAt: string };
};

/**
 * What happened to a catalogue item that people may be told about: `catalogue-{skin|bundle}-{id}`.
 * The item rows themselves stay ordinary tables; these events record the moments worth telling.
 */
export const catalogueItemStreamId = (itemType: ItemType, itemId: number) =>
  `catalogue-${itemType.toLowerCase()}-${itemId}`;

/** A skin or bundle became visible to everyone for the first time (created public, or first unhidden). */
export type ItemPublished = {
  type: 'ItemPublished';
  data: {
    itemType: ItemType;
    itemId: number;
    authorId: number;
    name: string;
    game: string;
    priceCents: number;
    publishedAt: string;
    /** The author's username when it was published (notifications name the author with it). */
    authorName?: string;
  };
};

/** An author changed an item's price. Readers tell wishers only when `toCents < fromCents`. */
export type ItemPriceChanged = {
  type: 'ItemPriceChanged';
  data: {
    itemType: ItemType;
    itemId: number;
    authorId: number;
    name: string;
    fromCents: number;
    toCents: number;
    changedAt: string;
  };
};

/** Skins that joined a bundle in one save of the bundle (on the bundle's catalogue stream). */
export type SkinsAddedToBundle = {
  type: 'SkinsAddedToBundle';
  data: {
    bundleId: number;
    bundleName: string;
    authorId: number;
    skins: { skinId: number; name: string }[];
    addedAt: string;
  };
};

/** A skin's file history: `skin-versions-{skinId}`. Version 1 is the file the skin was created with. */
export const skinVersionsStreamId = (skinId: number) => `skin-versions-${skinId}`;

export type SkinVersionPublished = {
  type: 'SkinVersionPublished';
  data: {
    skinId: number;
    authorId: number;
    skinName: string;
    /** 2, 3, …: the first upload is version 1 and has no event. */
    version: number;
    /**
     * The stored file's name in the private storage area (what a SKIN_SOURCE resource's `filename`
     * holds), so older versions stay downloadable; such files are never removed.
     */
    fileId: string;
    /** The name the author's zip was uploaded as. */
    fileName: string;
    fileSizeBytes: number;
    /** Hex SHA-256 of the file's content (refuses a new version identical to the current one). */
    contentSha256?: string;
    changelog: string;
    publishedAt: string;
    /**
     * Version 2 only: the file it replaced, which is version 1 (the file the skin was created or
     * last edited with), released when the skin was created.
     */
    firstRelease?: {
      fileId: string;
      fileName: string;
      fileSizeBytes: number;
      contentSha256?: string;
      releasedAt: string;
    };
  };
};

export type CommunityEvent =
  | AuthorFollowed
  | AuthorUnfollowed
  | ItemWished
  | ItemUnwished
  | ItemPublished
  | ItemPriceChanged
  | SkinsAddedToBundle
  | SkinVersionPublished;
