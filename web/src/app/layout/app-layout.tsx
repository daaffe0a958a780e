import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice';
import { useAuthModal } from '../../shared/session';
import { FirstScreenMark, lazyAfterFirstScreen } from '../../shared/ui/after-first-screen';
import { PageLoader } from '../../shared/ui/page-loader';
import { appMessages } from '../app.messages';
import { RouterScopedProviders } from '../providers';
import { ScrollToTop } from './scroll-to-top';
import { TopBar } from './top-bar';
import classes from './app-layout.module.css';
import { useRouteDataPrefetch } from '../route-data-prefetch';

// The sign-in / register / forgot-password modal loads only when someone opens it.
const AuthModal = lazy(() =>
  import('../../features/auth/components/auth-modal').then((module) => ({ default: module.AuthModal })),
);

// Below the first screen: the footer's code loads once that is shown.
const Footer = lazyAfterFirstScreen(() => import('./footer').then((module) => module.Footer));

function AuthModalHost() {
  const mode = useAuthModal();
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal mode={mode} />
    </Suspense>
  );
}

/** Top bar, the page, the footer. */
export function AppLayout() {
  useRouteDataPrefetch();
  return (
    <RouterScopedProviders>
      <ScrollToTop />
      <div className={classes.shell}>
        <a href="#main-content" className={classes.skipLink}>
          {appMessages.skipToContent}
        </a>
        <TopBar />
        <VerifyEmailNotice />
        <Box component="main" id="main-content" tabIndex={-1} className={classes.main}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <FirstScreenMark />
          </Suspense>
        </Box>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
      <AuthModalHost />
    </RouterScopedProviders>
  );
}
