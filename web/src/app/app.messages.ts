// Texts of the application shell: top bar, error page (the footer's are in layout/footer.messages.ts).
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
  skipToContent: 'Skip to content',
  error: {
    title: 'Something went wrong',
    text: 'This page could not be shown. Reload it, or go back to the homepage.',
    reload: 'Reload',
    home: 'Go to the homepage',
  },
} as const;
