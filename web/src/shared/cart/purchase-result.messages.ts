// Texts of the toast shown when a checkout comes back (spec 2.8: the banners' words, title and body
// joined with a colon; it stays 10 s).
export const purchaseResultMessages = {
  thanks: 'Purchase successful: You should receive email with download link(s) in a short while.',
  cancelled:
    'Purchase cancelled: You can try purchasing the items again or if there was an error during the checkout, let us know.',
} as const;
