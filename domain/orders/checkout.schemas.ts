import { z } from 'zod';
import { cartCodeField } from '../discount-codes/discount-code.schemas';
import { EMAIL_PATTERN } from '../accounts/account.schemas';
import { isCountryCode } from '../accounts/countries';
import { PRICE_MAX_EUR } from '../catalog/item-editor.schemas';
import { CENTS_PER_EURO, formatWholeEuros } from '../money';
import { vatMessages } from '../tax/vat-messages';
import { installValidationMessages } from '../text/validation-messages';
import { hasVisibleText } from '../text/visible-text';
import { consentPairProblem } from './withdrawal-consent';
import { giftRequestSchema } from '../gifts/gift.schemas';

// Zod's fallback texts are for programmers: people read these schemas' failures (validation-messages.ts).
installValidationMessages();

// Shared by the checkout form (web) and the checkout calls (API): one definition of spec 5, Checkout.
export const FULLNAME_MIN = 3;
export const FULLNAME_MAX = 100;
/** More than any real cart; keeps one request from asking for thousands of catalogue rows. */
export const CART_MAX_ITEMS = 50;
/** A buyer may tip the author of each item up to 100 EUR, in whole cents. */
export const TIP_MAX_EUR = 100;

export const checkoutMessages = {
  email: 'Enter a valid email address.',
  fullname: `Full name must have at least ${FULLNAME_MIN} characters.`,
  fullnameTooLong: `Full name can have at most ${FULLNAME_MAX} characters.`,
  fullnameInvisible: 'Enter a full name with visible characters.',
  country: 'Choose your country.',
  terms: 'You must agree to the terms of service, the privacy policy and the refund policy.',
  reminder: 'You must agree not to resell, modify or recolor the skins, nor present them as your own work.',
  emptyCart: 'There are no items in your shopping cart.',
  tooManyItems: `A cart can hold at most ${CART_MAX_ITEMS} items.`,
  itemId: 'Unknown item.',
  orderId: 'Unknown order.',
  tipRange: `A tip is 0 to ${formatWholeEuros(TIP_MAX_EUR)}, in whole cents.`,
  chosenPrice: `Choose a price of at most ${formatWholeEuros(PRICE_MAX_EUR)}, in whole cents.`,
  choiceNotInCart: 'A tip or a chosen price is for an item that is not in your cart.',
  choiceTwice: 'An item has two tips or two chosen prices.',
  countryConfirmed: 'Tick the box to confirm your country, or leave it unticked.',
  fixedPrice: (name: string) => `${name} has a fixed price.`,
  chosenPriceRange: (name: string, minimum: string) =>
    `${name} costs at least ${minimum}: choose that or more (at most ${formatWholeEuros(PRICE_MAX_EUR)}).`,
} as const;

/** Two letters of a member state, then its number (spaces, dots and dashes as people type them). */
const VAT_ID_SHAPE = /^[A-Za-z]{2}[\s.-]?[0-9A-Za-z+*][0-9A-Za-z+*\s.-]{1,17}$/;
const VAT_ID_MAX = 24;

const ticked = (message: string) =>
  z.boolean({ error: message }).refine((value) => value === true, { message });

/**
 * The consent to immediate delivery (withdrawal-consent.ts): two separate boxes, unticked, neither
 * required to buy; both ticked is the consent, one alone is refused (consentPairProblem).
 */
function withdrawalConsentFields() {
  return {
    deliveryNowConsent: z.boolean().default(false),
    withdrawalLossAcknowledged: z.boolean().default(false),
  };
}

/** Both consent boxes or neither, reported on the second (the acknowledgement). */
export function consentPair(
  values: { deliveryNowConsent?: boolean; withdrawalLossAcknowledged?: boolean },
  context: z.RefinementCtx,
) {
  const problem = consentPairProblem(values);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: ['withdrawalLossAcknowledged'] });
}

/** The buyer's part of the form: what the web form validates before anything is sent. */
export const checkoutFormSchema = z.object({
  email: z.string().trim().max(254, checkoutMessages.email).regex(EMAIL_PATTERN, checkoutMessages.email),
  fullname: z
    .string()
    .trim()
    .min(FULLNAME_MIN, checkoutMessages.fullname)
    .max(FULLNAME_MAX, checkoutMessages.fullnameTooLong)
    // Zero-width spaces and the like pass the length check but would show as no name at all.
    .refine(hasVisibleText, checkoutMessages.fullnameInvisible),
  country: z
    .string({ error: checkoutMessages.country })
    .trim()
    .toLowerCase()
    .refine(isCountryCode, checkoutMessages.country),
  termsAccepted: ticked(checkoutMessages.terms),
  reminderAccepted: ticked(checkoutMessages.reminder),
  ...withdrawalConsentFields(),
  /**
   * A business buyer's VAT ID (empty: a consumer). Its shape is checked here; its check digits
   * (jsvat-next) and registration (VIES) on the server (docs/vat.md).
   */
  vatId: z
    .string({ error: vatMessages.vatIdFormat })
    .trim()
    .max(VAT_ID_MAX, vatMessages.vatIdFormat)
    .refine((value) => value === '' || VAT_ID_SHAPE.test(value), vatMessages.vatIdFormat)
    .optional(),
  /**
   * "I confirm that I live in …": needed when the billing country and the IP address's country
   * differ (or the address tells nothing); the server refuses the order until it is ticked.
   */
  countryConfirmed: z.boolean({ error: checkoutMessages.countryConfirmed }).optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** Cart ids travel as numbers or as GraphQL ID strings. */
const itemId = z.union(
  [
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ],
  { error: checkoutMessages.itemId },
);
const itemIds = z.array(itemId).max(CART_MAX_ITEMS, checkoutMessages.tooManyItems).default([]);

/** Euros as the API carries them (a number, at most two decimals) from 0 to `max`, as cents. */
const eurosUpTo = (max: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .refine((euros) => Math.abs(Math.round(euros * CENTS_PER_EURO) - euros * CENTS_PER_EURO) < 1e-6, message)
    .transform((euros) => Math.round(euros * CENTS_PER_EURO));

/** One tip field of the cart (euros, 0 to 100, cents at most), as the form and the API check it. */
export const tipEuros = eurosUpTo(TIP_MAX_EUR, checkoutMessages.tipRange);
/** A price chosen for a pay-what-you-want item (euros); its minimum is the catalogue's, checked by the order. */
export const chosenPriceEuros = eurosUpTo(PRICE_MAX_EUR, checkoutMessages.chosenPrice);

const cartItem = { itemType: z.enum(['SKIN', 'BUNDLE']), itemId };
/**
 * What the buyer chose per item: tips (any paid item) and prices (pay-what-you-want items). Only the
 * amounts are the buyer's; which items and their prices still come from the catalogue.
 */
const choices = {
  /** "This is a gift" (docs/gifts.md): the recipient's address and a note; absent or null: not a gift. */
  gift: giftRequestSchema.nullish(),
  tips: z
    .array(z.object({ ...cartItem, tip: tipEuros }))
    .max(CART_MAX_ITEMS, checkoutMessages.tooManyItems)
    .default([]),
  prices: z
    .array(z.object({ ...cartItem, price: chosenPriceEuros }))
    .max(CART_MAX_ITEMS, checkoutMessages.tooManyItems)
    .default([]),
  /** A discount code (empty: none), in capitals; the server checks it and decides what it takes off. */
  code: cartCodeField,
};

type CartWithChoices = {
  skins: number[];
  bundles: number[];
  tips: { itemType: 'SKIN' | 'BUNDLE'; itemId: number }[];
  prices: { itemType: 'SKIN' | 'BUNDLE'; itemId: number }[];
};

/** Each tip and chosen price names an item of the cart, at most once. */
function choicesInCart(cart: CartWithChoices, context: z.RefinementCtx) {
  const inCart = new Set([
    ...cart.skins.map((id) => `SKIN:${id}`),
    ...cart.bundles.map((id) => `BUNDLE:${id}`),
  ]);
  for (const field of ['tips', 'prices'] as const) {
    const seen = new Set<string>();
    for (const choice of cart[field]) {
      const key = `${choice.itemType}:${choice.itemId}`;
      if (!inCart.has(key)) {
        context.addIssue({ code: 'custom', message: checkoutMessages.choiceNotInCart, path: [field] });
        return;
      }
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', message: checkoutMessages.choiceTwice, path: [field] });
        return;
      }
      seen.add(key);
    }
  }
}

function nonEmptyCart(cart: CartWithChoices & Parameters<typeof consentPair>[0], context: z.RefinementCtx) {
  choicesInCart(cart, context);
  consentPair(cart, context);
  if (cart.skins.length + cart.bundles.length === 0) {
    context.addIssue({ code: 'custom', message: checkoutMessages.emptyCart, path: ['skins'] });
  }
  if (cart.skins.length + cart.bundles.length > CART_MAX_ITEMS) {
    context.addIssue({ code: 'custom', message: checkoutMessages.tooManyItems, path: ['skins'] });
  }
}

/**
 * POST /api/stripe/checkout: the form, the cart's ids, and the buyer's tips and chosen prices
 * (`tips: [{ itemType, itemId, tip }]`, `prices: [{ itemType, itemId, price }]`, euros). Nothing
 * else is read: a total or any other field a client adds is ignored; prices come from the
 * catalogue, and a chosen price counts only for a pay-what-you-want item, at least its price.
 */
export const cardCheckoutRequestSchema = checkoutFormSchema
  .extend({ skins: itemIds, bundles: itemIds, ...choices })
  .superRefine(nonEmptyCart);
export type CardCheckoutRequest = z.infer<typeof cardCheckoutRequestSchema>;

/**
 * POST /api/paypal/create-order: spec 7.1 lists the buyer and the cart without the two checkboxes
 * (the form requires them before PayPal's button shows); when a client sends them, they must be ticked.
 */
export const paypalOrderRequestSchema = checkoutFormSchema
  .extend({
    termsAccepted: ticked(checkoutMessages.terms).optional(),
    reminderAccepted: ticked(checkoutMessages.reminder).optional(),
    skins: itemIds,
    bundles: itemIds,
    ...choices,
  })
  .superRefine(nonEmptyCart);
export type PaypalOrderRequest = z.infer<typeof paypalOrderRequestSchema>;

/**
 * The checkout quote (GraphQL `checkoutQuote`): the cart with its tips and chosen prices, the
 * billing country and an optional VAT ID; the server prices it as an order would be (docs/vat.md).
 */
export const checkoutQuoteSchema = z
  .object({
    skins: itemIds,
    bundles: itemIds,
    ...choices,
    country: checkoutFormSchema.shape.country,
    vatId: checkoutFormSchema.shape.vatId.nullable(),
  })
  .superRefine(nonEmptyCart);
export type CheckoutQuoteRequest = z.infer<typeof checkoutQuoteSchema>;

/** POST /api/paypal/capture-order: the PayPal order id (or the local stand-in's) create-order gave. */
export const captureOrderRequestSchema = z.object({
  orderId: z
    .string({ error: checkoutMessages.orderId })
    .trim()
    .regex(/^[\w-]{1,64}$/, checkoutMessages.orderId),
});
