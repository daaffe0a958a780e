import { formatCount } from '../../shared/format';
import type { SocialNetwork } from './lib/social-links';

// Texts of the authors list and author page.
export const authorsMessages = {
  listTitle: 'Authors',
  listEyebrow: 'Community',
  listDescription: 'The painters behind the skins. Follow their work and find their latest designs.',
  filters: {
    label: 'Search authors',
    search: 'Search authors',
    searchPlaceholder: 'Find author...',
  },
  results: (count: number) => `${count} ${count === 1 ? 'author' : 'authors'}`,
  resultsFor: (count: number, search: string) =>
    `${count} ${count === 1 ? 'author' : 'authors'} matching “${search}”`,
  noAuthors: 'There are no authors matching your search query.',
  noAuthorsYet: 'No one has published a skin yet.',
  loadFailed: 'The authors could not be loaded. Check your connection and try again.',
  pagination: 'Pages of authors',
  loadingAuthors: 'Loading authors...',
  skinCount: (count: number) => `${count} ${count === 1 ? 'skin' : 'skins'}`,
  bundleCount: (count: number) => `${count} ${count === 1 ? 'bundle' : 'bundles'}`,
  downloadCount: (count: number) => `${formatCount(count)} ${count === 1 ? 'download' : 'downloads'}`,
  rating: (average: number, votes: number) =>
    votes === 0
      ? 'No votes yet'
      : `Rated ${average.toFixed(2)} from ${votes} ${votes === 1 ? 'vote' : 'votes'}`,
  bundlesTitle: (username: string) => `Bundles by ${username}`,
  coAuthoredEyebrow: 'Co-authored',
  coAuthoredTitle: (username: string) => `Made with others by ${username}`,
  publishedBundles: 'Published bundles',

  authorEyebrow: 'Author',
  loadingAuthor: 'Loading author...',
  backToAuthors: 'All authors',
  notFoundTitle: 'Author not found',
  notFound: 'There is no author at this address. They may have changed their name.',
  browseAuthors: 'Browse authors',
  authorLoadFailed: 'This author could not be loaded. Check your connection and try again.',
  memberSince: 'Member since',
  publishedSkins: 'Published skins',
  socialLinks: (username: string) => `${username} elsewhere`,
  socialNames: {
    twitter: 'Twitter',
    instagram: 'Instagram',
    twitch: 'Twitch',
    discord: 'Discord',
    facebook: 'Facebook',
    website: 'Website',
  } satisfies Record<SocialNetwork, string>,
  socialLinkLabel: (network: string, label: string) => `${network}: ${label} (opens in a new tab)`,
  copyDiscord: (label: string) => `Copy the Discord username ${label}`,
  copied: 'Copied',
  skinsTitle: (username: string) => `Skins by ${username}`,
  noSkins: (username: string) => `${username} has not published any skins yet.`,
} as const;
