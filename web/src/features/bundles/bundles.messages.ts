// Texts of the bundles list and bundle detail (spec 2.8).
export const bundlesMessages = {
  listTitle: 'Bundles',
  listEyebrow: 'Collections',
  listDescription: 'Sets of skins from one author, together for a better price.',
  noMatch: 'There are no bundles matching your search query.',
  loadingBundle: 'Loading bundle...',
  backToBundles: 'All bundles',
} as const;
