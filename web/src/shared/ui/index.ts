// Light pieces only: the country flag and select (flag images, country list) are imported by path.
export { BackLink } from './back-link';
export { DetailSkeleton } from './detail-skeleton';
export { EmptyState } from './empty-state';
export { InsetPages, PageContainer, PageTitle } from './page-container';
export { PageLoader } from './page-loader';
export { PriceInput } from './price-input';
export { PurchaseResultBanner } from './purchase-result-banner';
export { UserAvatar } from './user-avatar';
export { MessageWithUserText } from './user-text';
