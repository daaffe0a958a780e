import { formatPrice } from '../format';

// Texts of the bundle card, its button and the contents modal (spec 2.8, 4).
export const bundleCardMessages = {
  myBundle: 'My Bundle',
  owned: 'Owned',
  contents: 'Contents',
  free: 'Free',
  myBundleLabel: (title: string) => `My Bundle: show the contents of ${title}`,
  ownedLabel: (title: string) => `Owned: show the contents of ${title}`,
  freeLabel: (title: string) => `Free: show the contents of ${title}`,
  modalTitle: (title: string) => `Contents of Bundle - ${title}`,
  contentsLoadFailed: 'The contents of this bundle could not be loaded.',
  contentsEmpty: 'This bundle has no skins you can see.',
  skinCount: (count: number) => `${count} ${count === 1 ? 'skin' : 'skins'}`,
  save: (amount: number) => `Save ${formatPrice(amount)}`,
  saveLabel: (amount: number) => `You save ${formatPrice(amount)} against buying the skins one by one`,
  hidden: 'Hidden',
  noPicture: 'No picture yet',
  loading: 'Loading bundles...',
} as const;
