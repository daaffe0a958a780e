// Texts of the shared pieces of the interface.
export const uiMessages = {
  loadingPage: 'Loading page...',
  noCountryFound: 'No country matches.',
  avatarAlt: (username: string) => `${username}'s avatar`,
  purchaseSuccessTitle: 'Purchase successful',
  purchaseSuccessText: 'You should receive email with download link(s) in a short while.',
  purchaseFailedTitle: 'Purchase cancelled',
  purchaseDownloadBelow: 'Your skins are ready: use the Download button below.',
  purchaseDownloadFrom: 'You can also download them right away with the Download button in',
  purchaseCollection: 'My Collection',
  purchaseFailedText:
    'You can try purchasing the items again or if there was an error during the checkout, let us know.',
  purchaseBackToCart: 'Back to the cart',
} as const;
