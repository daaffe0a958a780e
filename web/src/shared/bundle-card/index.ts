// The bundle card of spec 2.8, shared by the bundles list and (later) author pages and the editor's
// live preview; its button (spec 4) also sits on the bundle page.
export { BundleCard } from './bundle-card';
export { BundleCardGrid } from './bundle-card-grid';
export { BundlePriceButton } from './bundle-price-button';
export { bundleSavings } from './bundle-savings';
