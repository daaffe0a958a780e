// The skin card of DESIGN.md, shared by the homepage, the skins list and (later) author pages,
// bundle contents and the editor's live preview.
export { SkinCard } from './skin-card';
export type { SkinCardProps } from './skin-card';
export { SkinCardGrid } from './skin-card-grid';
export type { SkinCardGridProps } from './skin-card-grid';
export { SkinCardSkeleton } from './skin-card-skeleton';
export { SkinCardFieldsFragment } from './skin-card.fragment';
export { skinCardMessages } from './skin-card.messages';
export { SkinPriceButton } from './skin-price-button';
export type { PricedSkin, SkinPriceButtonProps } from './skin-price-button';
export { SkinStars } from './skin-stars';
export type { SkinStarsProps } from './skin-stars';
export { SkinThumbnail } from './skin-thumbnail';
export { SocialShortcut } from './social-shortcut';
export { socialShortcutPath, type SocialShortcutProps } from './social-shortcut-path';
export { DEFAULT_GAME, gameNames, isPublicGame, PUBLIC_GAMES } from './game-types';
export type { PublicGame } from './game-types';
export { DOWNLOAD_LOCK_MS, skinDownloadPath, useDownloadStarted, useSkinDownload } from './use-skin-download';
