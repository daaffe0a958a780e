// Texts of the toast shown when a checkout comes back (spec 2.5, 8 and 9: it stays 10 s).
export const purchaseResultMessages = {
  thanks:
    'Thank you for your purchase! You should receive a mail confirmation with download link(s) in a few minutes.',
  cancelledTitle: 'Purchase cancelled',
  cancelled:
    'You can try purchasing the items again or if there was an error during the checkout, let us know.',
} as const;
