// Texts of the application shell: top bar, footer, error page.
export const appMessages = {
  nav: {
    home: 'Home',
    skins: 'Skins',
    bundles: 'Bundles',
    authors: 'Authors',
    signUp: 'Sign Up',
    signIn: 'Sign In',
    profile: 'Profile',
    cart: 'Cart',
    cartLabel: (count: number) =>
      count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
    openMenu: 'Open navigation',
    closeMenu: 'Close navigation',
    menuTitle: 'Menu',
    mainNavigation: 'Main navigation',
    homeLink: 'TrackSkins home',
  },
  sessionEnded: {
    title: 'You are signed out',
    message: 'Your session has ended. Sign in again to go on.',
  },
  theme: {
    toLight: 'Switch to light theme',
    toDark: 'Switch to dark theme',
  },
  footer: {
    about:
      'Custom car skins for Trackmania, made by players. Authors publish and sell; players download, rate and comment.',
    marketplace: 'Marketplace',
    learn: 'Learn',
    legal: 'Legal',
    social: 'Follow TrackSkins',
    links: {
      about: 'About',
      payouts: 'Author payouts and fees',
      installation: 'Installation guide',
      faq: 'FAQ',
      blog: 'Blog',
      roadmap: 'Roadmap',
      terms: 'Terms of service',
      refunds: 'Refund policy',
      privacy: 'Privacy policy',
      submissions: 'Submission rules',
      cart: 'Shopping cart',
    },
    socialLinks: {
      twitter: 'TrackSkins on X (Twitter)',
      instagram: 'TrackSkins on Instagram',
      discord: 'TrackSkins on Discord',
      youtube: 'TrackSkins on YouTube',
    },
    copyright: (year: number) => `© ${year} TrackSkins`,
    disclaimer:
      'Trackmania is a trademark of Ubisoft Nadeo. TrackSkins is a community marketplace and is not affiliated with them.',
    opensInNewTab: '(opens in a new tab)',
  },
  skipToContent: 'Skip to content',
  error: {
    title: 'Something went wrong',
    text: 'This page could not be shown. Reload it, or go back to the homepage.',
    reload: 'Reload',
    home: 'Go to the homepage',
  },
} as const;
