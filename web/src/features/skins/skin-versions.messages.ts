// Texts of a skin page's version history.
export const skinVersionsMessages = {
  title: 'Version history',
  summary: (count: number) => (count === 1 ? '1 version' : `${count} versions`),
  version: (version: number) => `Version ${version}`,
  firstRelease: 'First release',
  current: 'Current',
  download: (version: number) => `Download version ${version}`,
  loadFailed: 'The version history could not be loaded.',
  ownersOnly: 'Owners of this skin can download its earlier versions.',
} as const;
