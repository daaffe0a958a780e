// Texts of the authors list and author page.
export const authorsMessages = {
  listTitle: 'Authors',
  listEyebrow: 'Community',
  listDescription: 'The painters behind the skins. Follow their work and find their latest designs.',
  noAuthors: 'There are no authors matching your search query.',
  loadingAuthor: 'Loading author...',
  backToAuthors: 'All authors',
} as const;
