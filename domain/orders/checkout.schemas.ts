import { z } from 'zod';
import { EMAIL_PATTERN } from '../accounts/account.schemas';
import { isCountryCode } from '../accounts/countries';

// Shared by the checkout form (web) and the checkout calls (API): one definition of spec 5, Checkout.
export const FULLNAME_MIN = 3;
export const FULLNAME_MAX = 100;
/** More than any real cart; keeps one request from asking for thousands of catalogue rows. */
export const CART_MAX_ITEMS = 50;

export const checkoutMessages = {
  email: 'Enter a valid email address.',
  fullname: `Full name must have at least ${FULLNAME_MIN} characters.`,
  fullnameTooLong: `Full name can have at most ${FULLNAME_MAX} characters.`,
  country: 'Choose your country.',
  terms: 'You must agree to the terms of service, the privacy policy and the refund policy.',
  reminder: 'You must agree not to resell, modify or recolor the skins, nor present them as your own work.',
  emptyCart: 'There are no items in your shopping cart.',
  tooManyItems: `A cart can hold at most ${CART_MAX_ITEMS} items.`,
  itemId: 'Unknown item.',
  orderId: 'Unknown order.',
} as const;

const ticked = (message: string) =>
  z.boolean({ error: message }).refine((value) => value === true, { message });

/** The buyer's part of the form: what the web form validates before anything is sent. */
export const checkoutFormSchema = z.object({
  email: z.string().trim().max(254, checkoutMessages.email).regex(EMAIL_PATTERN, checkoutMessages.email),
  fullname: z
    .string()
    .trim()
    .min(FULLNAME_MIN, checkoutMessages.fullname)
    .max(FULLNAME_MAX, checkoutMessages.fullnameTooLong),
  country: z
    .string({ error: checkoutMessages.country })
    .trim()
    .toLowerCase()
    .refine(isCountryCode, checkoutMessages.country),
  termsAccepted: ticked(checkoutMessages.terms),
  reminderAccepted: ticked(checkoutMessages.reminder),
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

function nonEmptyCart(cart: { skins: number[]; bundles: number[] }, context: z.RefinementCtx) {
  if (cart.skins.length + cart.bundles.length === 0) {
    context.addIssue({ code: 'custom', message: checkoutMessages.emptyCart, path: ['skins'] });
  }
  if (cart.skins.length + cart.bundles.length > CART_MAX_ITEMS) {
    context.addIssue({ code: 'custom', message: checkoutMessages.tooManyItems, path: ['skins'] });
  }
}

/**
 * POST /api/stripe/checkout: the form and the cart's ids. Nothing else is read: a price, a total or
 * any other field a client adds is ignored, because prices come from the catalogue only.
 */
export const cardCheckoutRequestSchema = checkoutFormSchema
  .extend({ skins: itemIds, bundles: itemIds })
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
  })
  .superRefine(nonEmptyCart);
export type PaypalOrderRequest = z.infer<typeof paypalOrderRequestSchema>;

/** POST /api/paypal/capture-order: the PayPal order id (or the local stand-in's) create-order gave. */
export const captureOrderRequestSchema = z.object({
  orderId: z
    .string({ error: checkoutMessages.orderId })
    .trim()
    .regex(/^[\w-]{1,64}$/, checkoutMessages.orderId),
});
