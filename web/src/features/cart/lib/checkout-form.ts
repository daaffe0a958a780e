import { zod4Resolver } from 'mantine-form-zod-resolver';
import { giftMessages, giftRequestSchema } from '../../../../../domain/gifts/gift.schemas';
import { checkoutFormSchema, consentPair } from '../../../../../domain/orders/checkout.schemas';
import type { CheckoutOrder } from './checkout-api';

/** What the checkout form holds (spec 5); the country select may be empty for a moment. */
export type CheckoutValues = {
  email: string;
  fullname: string;
  country: string | null;
  termsAccepted: boolean;
  reminderAccepted: boolean;
  /** The consent to immediate delivery: two optional boxes, both or neither (docs/withdrawal.md). */
  deliveryNowConsent: boolean;
  withdrawalLossAcknowledged: boolean;
  /** A business buyer's VAT ID; empty for a consumer. */
  vatId: string;
  /** "I confirm that I live in …", asked when the billing and IP countries differ. */
  countryConfirmed: boolean;
  /** "This is a gift" (docs/gifts.md): the recipient's address and a note, sent only when ticked. */
  isGift: boolean;
  giftRecipientEmail: string;
  giftNote: string;
};

export const CHECKOUT_FIELDS = [
  'email',
  'fullname',
  'country',
  'termsAccepted',
  'reminderAccepted',
  'deliveryNowConsent',
  'withdrawalLossAcknowledged',
  'vatId',
  'countryConfirmed',
  'giftRecipientEmail',
  'giftNote',
] as const;

function formInput(values: CheckoutValues) {
  return { ...values, country: values.country ?? '' };
}

/** The gift's part of the form, as the checkout calls check it; a gift to oneself is refused too. */
function validateGift(values: CheckoutValues): Record<string, string> {
  if (!values.isGift) return {};
  const parsed = giftRequestSchema.safeParse({
    recipientEmail: values.giftRecipientEmail,
    note: values.giftNote,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'note' ? 'giftNote' : 'giftRecipientEmail';
      errors[field] ??= issue.message;
    }
    return errors;
  }
  if (parsed.data.recipientEmail.toLowerCase() === values.email.trim().toLowerCase()) {
    return { giftRecipientEmail: giftMessages.toYourself };
  }
  return {};
}

// Spec 5, shared with the API: a valid email, a full name of at least 3, a country, both boxes ticked.
// The consent boxes count together (both or neither), as the checkout calls check them.
const resolve = zod4Resolver(checkoutFormSchema.superRefine(consentPair), { errorPriority: 'first' });
export const validateCheckout = (values: CheckoutValues) => ({
  ...resolve(formInput(values)),
  ...validateGift(values),
});

/** The buyer's tips and chosen prices (lib/cart-choices.ts), as the checkout calls carry them. */
export type CheckoutChoices = Pick<CheckoutOrder, 'tips' | 'prices' | 'code'>;
const noChoices: CheckoutChoices = { tips: [], prices: [] };

/** The body of the checkout calls: the form as the shared rules read it, the cart's ids and choices. */
export function checkoutOrder(
  values: CheckoutValues,
  items: { skins: number[]; bundles: number[] },
  choices: CheckoutChoices = noChoices,
): CheckoutOrder {
  const form = checkoutFormSchema.parse(formInput(values));
  return {
    email: form.email,
    fullname: form.fullname,
    country: form.country,
    skins: items.skins,
    bundles: items.bundles,
    tips: choices.tips,
    prices: choices.prices,
    termsAccepted: form.termsAccepted,
    reminderAccepted: form.reminderAccepted,
    deliveryNowConsent: form.deliveryNowConsent,
    withdrawalLossAcknowledged: form.withdrawalLossAcknowledged,
    ...(form.vatId ? { vatId: form.vatId } : {}),
    ...(choices.code ? { code: choices.code } : {}),
    countryConfirmed: form.countryConfirmed ?? false,
    ...(values.isGift
      ? {
          gift: giftRequestSchema.parse({ recipientEmail: values.giftRecipientEmail, note: values.giftNote }),
        }
      : {}),
  };
}
