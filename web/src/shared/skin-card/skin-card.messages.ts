import { formatCount, formatCountShort } from '../format';

// Texts of the skin card and its price button (spec 4, DESIGN.md).
export const skinCardMessages = {
  mySkin: 'My Skin',
  owned: 'Owned',
  download: 'Download',
  free: 'Free',
  downloadOwn: (title: string) => `My Skin: download ${title}`,
  downloadOwned: (title: string) => `Owned: download ${title}`,
  downloadFree: (title: string) => `Download ${title} for free`,
  authorLink: (username: string) => `Author: ${username}`,
  noPicture: 'No picture yet',
  hidden: 'Hidden',
  tagsLabel: 'Tags',
  ratingLabel: (average: number, count: number) =>
    count === 0
      ? 'Not rated yet'
      : `Rated ${average.toFixed(2)} out of 5 from ${count} ${count === 1 ? 'vote' : 'votes'}`,
  downloadsLabel: (count: number) => `${formatCount(count)} ${count === 1 ? 'download' : 'downloads'}`,
  /** The card's short count: 1234 as 1.2k. */
  downloadsShort: formatCountShort,
  loading: 'Loading skins...',
  /** Admins' shortcut to the social media page (spec 2.13). */
  socialShortcut: (title: string) => `Post on social media: ${title}`,
} as const;
