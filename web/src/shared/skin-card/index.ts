// The skin card of DESIGN.md, shared by the homepage, the skins list and (later) author pages,
// bundle contents and the editor's live preview.
export { SkinCard } from './skin-card';
export { SkinCardGrid } from './skin-card-grid';
export { SkinCardSkeleton } from './skin-card-skeleton';
export { SkinPriceButton } from './skin-price-button';
export type { PricedSkin } from './skin-price-button';
export { SkinStars } from './skin-stars';
export { SkinThumbnail } from './skin-thumbnail';
export { SocialShortcut } from './social-shortcut';
export { DEFAULT_GAME, gameNames } from './game-types';
export { useDownloadStarted, useSkinDownload } from './use-skin-download';
