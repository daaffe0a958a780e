import { checkoutMessages } from '../../../../domain/orders/checkout.schemas';

// Texts of the cart and checkout screen (spec 2.12, 5 and 8).
export const cartMessages = {
  title: 'Shopping cart',
  eyebrow: 'Checkout',
  description: 'Check your items, tell us where to send the download links, and pay by card or PayPal.',
  empty: checkoutMessages.emptyCart,
  exploreSkins: 'Explore skins',
  exploreBundles: 'Browse bundles',
  itemCount: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  inYourCart: 'In your cart',
  loading: 'Loading your cart...',
  loadFailed: 'Your cart could not be loaded. Check your connection and try again.',
  clear: 'Empty the cart',
  kind: { skin: 'Skin', bundle: 'Bundle' },
  bundleSkins: (count: number) => `${count} ${count === 1 ? 'skin' : 'skins'}`,
  byAuthor: 'by',
  remove: (title: string) => `Remove ${title} from the cart`,
  previewAlt: (title: string) => `Preview of ${title}`,
  total: 'Total',
  /** Tips and pay what you want (the buyer's choice per item). */
  choices: {
    tip: 'Tip the author',
    tipLabel: (title: string) => `Tip for the author of ${title}`,
    tipHint: 'Optional, up to 100 €. All of it goes to the author, less the same fees as the price.',
    yourPrice: 'Your price',
    yourPriceLabel: (title: string) => `Your price for ${title}`,
    payWhatYouWant: 'Pay what you want',
    atLeast: (minimum: string) => `At least ${minimum}`,
    withTip: (tip: string) => `incl. ${tip} tip`,
    invalid: 'Fix the tips or prices marked in your cart first.',
  },
  totalHint: 'Prices include every fee. You pay once; there is no subscription.',
  /** Items the cart does not keep (spec 4: only priced items; decisions: nothing bought twice). */
  dropped: {
    title: 'Your cart was updated',
    owned: (titles: string) => `You already own ${titles}, so it was taken out of your cart.`,
    free: (titles: string) => `${titles} is free to download, so it was taken out of your cart.`,
    own: (titles: string) => `${titles} is your own work, so it was taken out of your cart.`,
    bundleOnly: (titles: string) => `${titles} is sold only in a bundle, so it was taken out of your cart.`,
    unavailable: (count: number) =>
      `${count === 1 ? 'One item is' : `${count} items are`} no longer available and ${count === 1 ? 'was' : 'were'} taken out of your cart.`,
  },
  skinInBundle: (skin: string, bundle: string) =>
    `${skin} is also in the bundle ${bundle}. Remove one of them so you do not pay for it twice.`,
  clubAccessTitle: 'Trackmania (2020) skins need club access',
  clubAccessText:
    'Custom skins can only be used in the 2020 edition with the paid club access. Players without it have no known way to use them.',
  clubAccessGuide: 'Read the installation guide',

  form: {
    title: 'Your details',
    intro: 'We send the receipt and the download links to this address.',
    email: 'Email',
    emailFromAccount: 'The address of your account.',
    fullname: 'Full name',
    country: 'Country',
    countryPlaceholder: 'Choose your country',
    termsBefore: 'I have read and agree to the ',
    terms: 'Terms of Service',
    termsComma: ', the ',
    privacy: 'Privacy Policy',
    termsAnd: ' and the ',
    refunds: 'Refund Policy',
    termsAfter: '.',
    reminder:
      'I will not resell, modify or recolor the purchased skins, and I will not present them as my own work.',
    opensInNewTab: '(opens in a new tab)',
    payWith: 'Pay with',
    payByCard: 'Pay by card',
    payWithPaypal: 'Pay with PayPal',
    or: 'or',
    localCard: 'Test mode: card payments go through the local checkout page; no money moves.',
    paypalLoading: 'Loading PayPal...',
    paypalUnavailable: 'PayPal could not be loaded. Pay by card, or reload the page to try again.',
    refused: 'The order could not be placed. Check the marked fields and the items in your cart.',
    refusedItems:
      'Some items in your cart can no longer be bought. Reload the page to see what is still available.',
  },

  /** Spec 8 (card) and decisions.md (PayPal create-order). */
  cardUnreachable: 'There was an error reaching Stripe. Please try again later.',
  paypalUnreachable: 'There was an error reaching PayPal. Please try again later.',
  paypalCancelled: 'The PayPal payment was cancelled. Your cart is still here.',

  localPaypal: {
    title: 'Approve the payment',
    badge: 'Local PayPal',
    text: 'PayPal is not configured on this server, so this local stand-in takes the place of PayPal’s window. No money moves.',
    steps:
      'Approve does what approving in PayPal does: the order is captured and you see the result. Cancel closes this window as if you closed PayPal’s, and the order is not paid.',
    order: 'Order',
    amount: 'Amount',
    approve: 'Approve payment',
    cancel: 'Cancel',
  },
} as const;
