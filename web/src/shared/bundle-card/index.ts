// The bundle card of spec 2.8, shared by the bundles list and (later) author pages and the editor's
// live preview; its button (spec 4) also sits on the bundle page.
export { BundleCard } from './bundle-card';
export type { BundleCardProps } from './bundle-card';
export { BundleCardGrid } from './bundle-card-grid';
export type { BundleCardGridProps } from './bundle-card-grid';
export { BundleCardSkeleton } from './bundle-card-skeleton';
export { BundleCardFieldsFragment, BundleContentsQuery } from './bundle-card.fragment';
export { bundleCardMessages } from './bundle-card.messages';
export { BundleContentsModal } from './bundle-contents-modal';
export type { BundleContentsModalProps } from './bundle-contents-modal';
export { BundlePriceButton } from './bundle-price-button';
export type { BundlePriceButtonProps, PricedBundle } from './bundle-price-button';
export { bundleSavings } from './bundle-savings';
