import type { RouteObject } from 'react-router';

/**
 * The static pages (about, payouts, installation guide, blog, FAQ, roadmap and the policies). Each one is
 * loaded on demand, so none of them weighs on the main bundle. Paths are relative: the app mounts them
 * under its layout route.
 */
export const staticPageRoutes: RouteObject[] = [
  { path: 'about', lazy: () => import('./pages/about').then((m) => ({ Component: m.default })) },
  {
    path: 'about-payout-system',
    lazy: () => import('./pages/about-payout-system').then((m) => ({ Component: m.default })),
  },
  {
    path: 'installation-guide',
    lazy: () => import('./pages/installation-guide').then((m) => ({ Component: m.default })),
  },
  { path: 'blog', lazy: () => import('./pages/blog').then((m) => ({ Component: m.default })) },
  { path: 'faq', lazy: () => import('./pages/faq').then((m) => ({ Component: m.default })) },
  {
    path: 'terms-of-service',
    lazy: () => import('./pages/terms-of-service').then((m) => ({ Component: m.default })),
  },
  { path: 'refunds', lazy: () => import('./pages/refunds').then((m) => ({ Component: m.default })) },
  { path: 'privacy', lazy: () => import('./pages/privacy').then((m) => ({ Component: m.default })) },
  { path: 'submissions', lazy: () => import('./pages/submissions').then((m) => ({ Component: m.default })) },
  { path: 'roadmap', lazy: () => import('./pages/roadmap').then((m) => ({ Component: m.default })) },
];
