import { formatPrice } from '../../shared/format';

// Texts of the bundles list and bundle detail (spec 2.8, 8).
export const bundlesMessages = {
  listTitle: 'Bundles',
  listEyebrow: 'Collections',
  listDescription: 'Sets of skins from one author, together for a better price.',
  filters: {
    label: 'Filter bundles',
    search: 'Search bundles',
    searchPlaceholder: 'Find bundle...',
    sorts: { latest: 'Latest', title: 'Title', author: 'Author', price: 'Price' },
  },
  results: (count: number) => `${count} ${count === 1 ? 'bundle' : 'bundles'}`,
  resultsFor: (count: number, search: string) =>
    `${count} ${count === 1 ? 'bundle' : 'bundles'} matching “${search}”`,
  noMatch: 'There are no bundles matching your search query.',
  loadFailed: 'The bundles could not be loaded. Check your connection and try again.',
  pagination: 'Pages of bundles',

  loadingBundle: 'Loading bundle...',
  backToBundles: 'All bundles',
  notFoundTitle: 'Bundle not found',
  notFound: 'This bundle does not exist, or its author has hidden it.',
  browseBundles: 'Browse bundles',
  bundleLoadFailed: 'This bundle could not be loaded. Check your connection and try again.',
  hiddenNote: 'Only you can see this bundle: it is hidden from players.',
  bundleBadge: 'Bundle',
  by: 'by',
  game: 'Game',
  published: 'Published',
  skins: 'Skins',
  price: 'Price',
  priceValue: (price: number) => formatPrice(price),
  /** A pay-what-you-want bundle: the price is the least a buyer pays (the cart asks for more). */
  priceAtLeast: (price: number) => `${formatPrice(price)} or more`,
  payWhatYouWantHint: 'Pay what you want: choose your price in the cart.',
  separately: 'Bought separately',
  youSave: 'By purchasing this bundle you save',
  noMedia: "User didn't upload any extra screenshots or videos for this bundle.",
  contentsTitle: (count: number) => `Bundle Contents (${count})`,
  contentsEmpty: 'None of the skins of this bundle can be shown right now.',
} as const;
