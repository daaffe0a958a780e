// Texts shared by the lists with a search box, filters and pages (skins, bundles, authors).
export const listingMessages = {
  searchHint: 'Type at least 3 characters',
  clearSearch: 'Clear search',
  sort: 'Sort by',
  game: 'Game',
  allGames: 'All games',
  clearSearchQuery: 'Clear Search Query',
  retry: 'Try again',
  pageLabel: (page: number) => `Page ${page}`,
  pageControls: { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
} as const;
