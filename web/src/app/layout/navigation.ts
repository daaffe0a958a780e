import { appMessages } from '../app.messages';

// The main sections linked from the top bar (spec 2.4).
export const mainNavigation = [
  { to: '/skins', label: appMessages.nav.skins },
  { to: '/bundles', label: appMessages.nav.bundles },
  { to: '/authors', label: appMessages.nav.authors },
] as const;
