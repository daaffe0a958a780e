import { lazy } from 'react';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { staticPageRoutes } from '../features/static-pages/routes';
import { PageLoader } from '../shared/ui/page-loader';
import { RouteGuard } from '../shared/ui/route-guard';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';

// Every page is its own chunk, loaded when its route is first opened.
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = lazyPage(() => import('../features/home/pages/home-page'), 'HomePage');
const SkinsPage = lazyPage(() => import('../features/skins/pages/skins-page'), 'SkinsPage');
const SkinPage = lazyPage(() => import('../features/skins/pages/skin-page'), 'SkinPage');
const BundlesPage = lazyPage(() => import('../features/bundles/pages/bundles-page'), 'BundlesPage');
const BundlePage = lazyPage(() => import('../features/bundles/pages/bundle-page'), 'BundlePage');
const AuthorsPage = lazyPage(() => import('../features/authors/pages/authors-page'), 'AuthorsPage');
const AuthorPage = lazyPage(() => import('../features/authors/pages/author-page'), 'AuthorPage');
const CartSummaryPage = lazyPage(() => import('../features/cart/pages/cart-summary-page'), 'CartSummaryPage');
const OrderConfirmationPage = lazyPage(
  () => import('../features/cart/pages/order-confirmation-page'),
  'OrderConfirmationPage',
);
const TaxDocumentPage = lazyPage(
  () => import('../features/invoices/pages/tax-document-page'),
  'TaxDocumentPage',
);
const OrderInvoicePage = lazyPage(
  () => import('../features/invoices/pages/order-tax-document-page'),
  'OrderInvoicePage',
);
const OrderCreditNotePage = lazyPage(
  () => import('../features/invoices/pages/order-tax-document-page'),
  'OrderCreditNotePage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyEmailPage = lazyPage(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage');
const GiftClaimPage = lazyPage(() => import('../features/gifts/pages/gift-claim-page'), 'GiftClaimPage');

const DiscountCodesPage = lazyPage(
  () => import('../features/discount-codes/pages/discount-codes-page'),
  'DiscountCodesPage',
);
const AccountLayout = lazyPage(
  () => import('../features/account/components/account-layout'),
  'AccountLayout',
);
const ProfilePage = lazyPage(() => import('../features/account/pages/profile-page'), 'ProfilePage');
const MySkinsPage = lazyPage(() => import('../features/account/pages/my-skins-page'), 'MySkinsPage');
const MyBundlesPage = lazyPage(() => import('../features/account/pages/my-bundles-page'), 'MyBundlesPage');
const CollectionPage = lazyPage(() => import('../features/account/pages/collection-page'), 'CollectionPage');
const PurchaseHistoryPage = lazyPage(
  () => import('../features/orders/pages/purchase-history-page'),
  'PurchaseHistoryPage',
);
const PublishPage = lazyPage(() => import('../features/account/pages/publish-page'), 'PublishPage');
const SkinEditorPage = lazyPage(
  () => import('../features/authoring/pages/skin-editor-page'),
  'SkinEditorPage',
);
const BundleEditorPage = lazyPage(
  () => import('../features/authoring/pages/bundle-editor-page'),
  'BundleEditorPage',
);
const CreativityDashboardPage = lazyPage(
  () => import('../features/statistics/pages/creativity-dashboard-page'),
  'CreativityDashboardPage',
);
const MyPayoutsPage = lazyPage(() => import('../features/payouts/pages/my-payouts-page'), 'MyPayoutsPage');
const MyPayoutPage = lazyPage(() => import('../features/payouts/pages/my-payout-page'), 'MyPayoutPage');
const PayoutStatementPage = lazyPage(
  () => import('../features/payouts/pages/payout-statement-page'),
  'PayoutStatementPage',
);
const FollowingPage = lazyPage(() => import('../features/account/pages/following-page'), 'FollowingPage');
const WishlistPage = lazyPage(() => import('../features/account/pages/wishlist-page'), 'WishlistPage');
const SettingsPage = lazyPage(() => import('../features/account/pages/settings-page'), 'SettingsPage');
const WebhooksPage = lazyPage(() => import('../features/webhooks/pages/webhooks-page'), 'WebhooksPage');
const MySalesPage = lazyPage(() => import('../features/sales/pages/my-sales-page'), 'MySalesPage');
const ApiTokensPage = lazyPage(() => import('../features/api-tokens/pages/api-tokens-page'), 'ApiTokensPage');
const DeleteAccountPage = lazyPage(
  () => import('../features/your-data/pages/delete-account-page'),
  'DeleteAccountPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/pages/notifications-page'),
  'NotificationsPage',
);
const AppealLinkPage = lazyPage(
  () => import('../features/moderation/pages/appeal-link-page'),
  'AppealLinkPage',
);
const MyStatementsPage = lazyPage(
  () => import('../features/moderation/pages/my-statements-page'),
  'MyStatementsPage',
);
const AppealsPage = lazyPage(() => import('../features/moderation/pages/appeals-page'), 'AppealsPage');

// Only the admin screens open dialogs through @mantine/modals (modals.openConfirmModal…).
const ModalsProvider = lazy(() =>
  import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })),
);

const SiteDashboardPage = lazyPage(
  () => import('../features/statistics/pages/site-dashboard-page'),
  'SiteDashboardPage',
);
const UsersPage = lazyPage(() => import('../features/moderation/pages/users-page'), 'UsersPage');
const OrdersPage = lazyPage(() => import('../features/orders/pages/orders-page'), 'OrdersPage');
const PayoutsPage = lazyPage(() => import('../features/payouts/pages/payouts-page'), 'PayoutsPage');
const PayoutPage = lazyPage(() => import('../features/payouts/pages/payout-page'), 'PayoutPage');
const PayoutRegisterPage = lazyPage(
  () => import('../features/payouts/pages/payout-register-page'),
  'PayoutRegisterPage',
);
const FinancePage = lazyPage(() => import('../features/finance/pages/finance-page'), 'FinancePage');
const CommentsPage = lazyPage(() => import('../features/moderation/pages/comments-page'), 'CommentsPage');
const MailsPage = lazyPage(() => import('../features/mails/pages/mails-page'), 'MailsPage');
const AdminSkinsPage = lazyPage(
  () => import('../features/moderation/pages/admin-skins-page'),
  'AdminSkinsPage',
);
const ReportsPage = lazyPage(() => import('../features/moderation/pages/reports-page'), 'ReportsPage');
const ModerationPage = lazyPage(
  () => import('../features/moderation/pages/moderation-page'),
  'ModerationPage',
);
const AdminTagsPage = lazyPage(() => import('../features/tags/pages/tags-page'), 'AdminTagsPage');
const SocialMediaPage = lazyPage(
  () => import('../features/social/pages/social-media-page'),
  'SocialMediaPage',
);

/** Spec 2.1: open to everyone. The purchase-result paths show the same screen with a banner. */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  // After PayPal, anonymous buyers land on /success or /failed (spec 2.2).
  { path: 'success', element: <HomePage /> },
  { path: 'failed', element: <HomePage /> },
  { path: 'skins', element: <SkinsPage /> },
  { path: 'skins/success', element: <SkinsPage /> },
  { path: 'skins/failed', element: <SkinsPage /> },
  { path: 'skins/:url', element: <SkinPage /> },
  { path: 'bundles', element: <BundlesPage /> },
  { path: 'bundles/success', element: <BundlesPage /> },
  { path: 'bundles/failed', element: <BundlesPage /> },
  { path: 'bundles/:url', element: <BundlePage /> },
  { path: 'authors', element: <AuthorsPage /> },
  { path: 'authors/:url', element: <AuthorPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'verify-email', element: <VerifyEmailPage /> },
  // A gift's claim link (docs/gifts.md): readable by whoever holds it, claimed signed in.
  { path: 'gifts/claim', element: <GiftClaimPage /> },
  // The appeal link mailed with a statement to a person who cannot sign in (docs/moderation.md).
  { path: 'appeal', element: <AppealLinkPage /> },
  { path: 'cart/summary', element: <CartSummaryPage /> },
  // Where checkout sends the buyer after paying; a guest reads it with the key in the address.
  { path: 'orders/:externalId', element: <OrderConfirmationPage /> },
  // Tax documents: for the buyer signed in, a guest with the order's key, admins (docs/invoices.md).
  { path: 'orders/:externalId/invoice', element: <OrderInvoicePage /> },
  { path: 'orders/:externalId/credit-note', element: <OrderCreditNotePage /> },
  { path: 'invoices/:number', element: <TaxDocumentPage /> },
];

/** Spec 2.2: role regular required. */
const regularRoutes: RouteObject = {
  element: (
    <RouteGuard roles={['regular']}>
      <AccountLayout />
    </RouteGuard>
  ),
  children: [
    { path: 'me', element: <ProfilePage /> },
    { path: 'me/skins', element: <MySkinsPage /> },
    { path: 'me/bundles', element: <MyBundlesPage /> },
    { path: 'me/collection', element: <CollectionPage /> },
    { path: 'me/collection/success', element: <CollectionPage /> },
    { path: 'me/collection/failed', element: <CollectionPage /> },
    { path: 'me/purchase-history', element: <PurchaseHistoryPage /> },
    { path: 'me/following', element: <FollowingPage /> },
    { path: 'me/wishlist', element: <WishlistPage /> },
    { path: 'me/publish', element: <PublishPage /> },
    { path: 'me/publish/skin', element: <SkinEditorPage /> },
    { path: 'me/publish/bundle', element: <BundleEditorPage /> },
    { path: 'me/skin/edit/:id', element: <SkinEditorPage /> },
    { path: 'me/bundle/edit/:id', element: <BundleEditorPage /> },
    { path: 'me/dashboard', element: <CreativityDashboardPage /> },
    { path: 'me/payouts', element: <MyPayoutsPage /> },
    { path: 'me/discount-codes', element: <DiscountCodesPage /> },
    { path: 'me/sales', element: <MySalesPage /> },
    { path: 'me/payouts/:id', element: <MyPayoutPage /> },
    { path: 'me/settings', element: <SettingsPage /> },
    { path: 'me/settings/webhooks', element: <WebhooksPage /> },
    { path: 'me/settings/api-tokens', element: <ApiTokensPage /> },
    { path: 'me/settings/delete-account', element: <DeleteAccountPage /> },
    { path: 'me/notifications', element: <NotificationsPage /> },
    // Statements of reasons and appeals (docs/moderation.md).
    { path: 'me/statements', element: <MyStatementsPage /> },
  ],
};

/** Spec 2.2: role regular (admins have it too). A plain document to print, without the account menu. */
const printableRoutes: RouteObject = {
  element: (
    <RouteGuard roles={['regular']}>
      <Outlet />
    </RouteGuard>
  ),
  children: [{ path: 'me/payouts/:id/statement', element: <PayoutStatementPage /> }],
};

/** Spec 2.3: role admin required. /admin shows the same profile screen as /me. */
const adminRoutes: RouteObject = {
  element: (
    <RouteGuard roles={['admin']}>
      <ModalsProvider>
        <AccountLayout />
      </ModalsProvider>
    </RouteGuard>
  ),
  children: [
    { path: 'admin', element: <ProfilePage /> },
    { path: 'admin/users', element: <UsersPage /> },
    { path: 'admin/orders', element: <OrdersPage /> },
    { path: 'admin/payouts', element: <PayoutsPage /> },
    { path: 'admin/payouts/register', element: <PayoutRegisterPage /> },
    { path: 'admin/payout/:id', element: <PayoutPage /> },
    // The finance month: summary, VAT, exports (docs/finance.md).
    { path: 'admin/finance', element: <FinancePage /> },
    { path: 'admin/comments', element: <CommentsPage /> },
    { path: 'admin/mails', element: <MailsPage /> },
    { path: 'admin/dashboard', element: <SiteDashboardPage /> },
    { path: 'admin/skins', element: <AdminSkinsPage /> },
    // The reports queue and the moderation history (docs/web-admin-moderation.md).
    { path: 'admin/reports', element: <ReportsPage /> },
    { path: 'admin/moderation', element: <ModerationPage /> },
    { path: 'admin/appeals', element: <AppealsPage /> },
    // Query s = skin url or id, a = author url or id.
    { path: 'admin/social-media', element: <SocialMediaPage /> },
    // The curated tag list (docs/web-admin-tags.md).
    { path: 'admin/tags', element: <AdminTagsPage /> },
  ],
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while lazy routes (the static pages) load on the first visit.
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // Errors inside a page keep the top bar and footer around the message.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          ...staticPageRoutes,
          regularRoutes,
          printableRoutes,
          adminRoutes,
          // Any other path goes to the homepage (spec 2.1).
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
