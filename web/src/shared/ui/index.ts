// Light pieces only: the country flag and select (flag images, country list) are imported by path.
export { BackLink } from './back-link';
export { DetailSkeleton } from './detail-skeleton';
export { EmptyState } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { InsetPages, PageContainer, PageTitle } from './page-container';
export type { PageContainerProps, PageTitleProps } from './page-container';
export { PageLoader } from './page-loader';
export { PriceInput } from './price-input';
export { PurchaseResultBanner } from './purchase-result-banner';
export { RouteGuard } from './route-guard';
export type { RouteGuardProps } from './route-guard';
export { uiMessages } from './ui.messages';
export { UserAvatar } from './user-avatar';
export { MessageWithUserText, UserText } from './user-text';
export type { UserAvatarProps } from './user-avatar';
