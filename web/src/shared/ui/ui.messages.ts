// Texts of the shared pieces of the interface.
export const uiMessages = {
  loadingPage: 'Loading page...',
  noCountryFound: 'No country matches.',
  avatarAlt: (username: string) => `${username}'s avatar`,
  purchaseSuccessTitle: 'Purchase successful',
  purchaseSuccessText: 'You should receive email with download link(s) in a short while.',
  purchaseFailedTitle: 'Purchase cancelled',
  purchaseFailedText:
    'You can try purchasing the items again or if there was an error during the checkout, let us know.',
} as const;
