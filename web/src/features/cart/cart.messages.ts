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
  totalHint: 'Prices include VAT for consumers and every fee. You pay once; there is no subscription.',
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
    paypalLoading: 'Loading PayPal...',
    paypalUnavailable: 'PayPal could not be loaded. Pay by card, or reload the page to try again.',
    refused: 'The order could not be placed. Check the marked fields and the items in your cart.',
    isGift: 'This is a gift',
    isGiftHint:
      'We mail the recipient a link to claim the skins once your payment has arrived. You pay and get the invoice; the skins go to whoever claims the link.',
    giftRecipientEmail: "Recipient's email",
    giftNote: 'A note for them (optional)',
    giftNoteCount: (length: number, max: number) => `${length} / ${max}`,
    vatId: 'Buying for a business? VAT ID',
    vatIdHint:
      'Optional. A business registered for VAT in another EU country pays no VAT here (reverse charge); we check the number with the EU.',
    vatIdPlaceholder: 'e.g. FR40303265045',
    /** The quote's VAT line: "incl. VAT 19 % (Germany)". */
    vatIncluded: (percent: number, country: string) => `incl. VAT ${formatPercent(percent)} (${country})`,
    reverseCharge: (vatId: string) =>
      `No VAT: reverse charge for ${vatId}. You account for the VAT yourself.`,
    outsideEu: (country: string) => `No EU VAT: ${country} is outside the EU.`,
    notRegistered: 'No VAT is charged: the seller is not registered for VAT.',
    toPay: 'You pay',
    vatLoading: 'Working out the VAT...',
    /** The discount code field (docs/sales-and-codes.md, "Discount codes"). */
    code: 'Discount code',
    codeHint:
      'Got a code from an author? Enter it here: the server checks it and takes it off the items it is for.',
    codePlaceholder: 'e.g. SPRING-20',
    applyCode: 'Apply',
    removeCode: 'Remove code',
    codeApplied: (code: string) => `Code ${code}`,

    refusedItems:
      'Some items in your cart can no longer be bought. Reload the page to see what is still available.',
  },

  /** Spec 8 (card) and decisions.md (PayPal create-order). */
  cardUnreachable: 'There was an error reaching Stripe. Please try again later.',
  paypalUnreachable: 'There was an error reaching PayPal. Please try again later.',
  paypalCancelled: 'The PayPal payment was cancelled. Your cart is still here.',

  /** What makes the checkout trustworthy: what is paid and how the payment is handled. */
  trust: {
    subtotal: (count: number) => `Subtotal (${count} ${count === 1 ? 'item' : 'items'})`,
    tips: 'Tips for the authors',
    fees: 'Payment fees',
    feesIncluded: 'Included',
    // The FAQ, the privacy policy and the terms say the same: card numbers go straight to the provider.
    secureTitle: 'Secure payment',
    secureCard:
      'Card payments are handled by Stripe and PayPal payments by PayPal: you enter your card or PayPal details on their pages, and they never reach our servers.',
    secureLocal:
      'Test mode: no payment provider is configured on this server, so the payment pages are local stand-ins and no money moves.',
    providers: 'Accepted payment methods',
    visa: 'Visa',
    mastercard: 'Mastercard',
    paypal: 'PayPal',
    stripe: 'Stripe',
  },

  /** The order's page after paying (guests too). */
  confirmation: {
    codeSaved: (code: string) => `Discount code ${code} (included in the prices above)`,
    eyebrow: (number: string) => `Order ${number}`,
    documentTitle: (number: string) => `Order ${number}`,
    paidTitle: 'Thank you for your purchase!',
    confirmingTitle: 'Confirming your payment…',
    confirmingText:
      'Your payment provider is telling us about the payment. This usually takes a few seconds; the downloads appear here as soon as it is confirmed.',
    slowText:
      'The payment is taking longer to confirm than usual. You can leave this page: the confirmation mail brings the download links as soon as the payment is confirmed.',
    checkAgain: 'Check again',
    cancelledTitle: 'This order was not paid',
    cancelledText:
      'The payment was cancelled or declined, so nothing was charged. Your items can be bought again.',
    backToCart: 'Back to the cart',
    refundedTitle: 'This order was refunded',
    refundedText: 'The payment was returned, so the items of this order can no longer be downloaded.',
    mailSent: (email: string) => `A confirmation mail with these links was sent to ${email}.`,
    mailSentWaiting: (email: string) =>
      `A confirmation mail was sent to ${email}; it says where to give your consent.`,
    mailSoon: (email: string) => `A confirmation mail with the download links will be sent to ${email}.`,
    orderNumber: 'Order number',
    placedOn: 'Placed on',
    paymentMethod: 'Payment method',
    status: 'Status',
    items: 'Your items',
    price: 'Price',
    regularPrice: 'Regular price',
    reduction: (label: string, source: 'SALE' | 'CODE') =>
      source === 'SALE' ? `Sale: ${label}` : `Discount code ${label}`,
    tip: 'Tip',
    lineTotal: 'Total',
    total: 'Total paid',
    orderTotal: 'Order total',
    download: 'Download',
    downloadSkin: (title: string) => `Download ${title}`,
    bundleSkins: (count: number) => `${count} ${count === 1 ? 'skin' : 'skins'} in this bundle`,
    guestLinks: 'These download links work for 30 days without an account. Keep the confirmation mail.',
    memberLinks: 'Your skins are in your collection too, ready to download whenever you are signed in.',
    openCollection: 'Open my collection',
    installTitle: 'Installing your skins',
    joinTitle: 'Keep your skins in one place',
    joinText: (email: string) =>
      `Create a free account with ${email} and, once you confirm the address, this order joins your collection.`,
    joinButton: 'Create an account',
    notFoundTitle: 'We could not find this order',
    notFoundText:
      'The address may be incomplete or expired. Sign in with the account you bought with, or use the links in your confirmation mail.',
    loadFailed: 'The order could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    previewAlt: (title: string) => `Preview of ${title}`,
  },

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

/** 19 → "19 %", 25.5 → "25.5 %". */
function formatPercent(percent: number): string {
  return `${String(percent)} %`;
}
