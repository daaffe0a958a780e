import { zod4Resolver } from 'mantine-form-zod-resolver';
import { checkoutFormSchema } from '../../../../../domain/orders/checkout.schemas';
import type { CheckoutOrder } from './checkout-api';

/** What the checkout form holds (spec 5); the country select may be empty for a moment. */
export type CheckoutValues = {
  email: string;
  fullname: string;
  country: string | null;
  termsAccepted: boolean;
  reminderAccepted: boolean;
};

export const CHECKOUT_FIELDS = ['email', 'fullname', 'country', 'termsAccepted', 'reminderAccepted'] as const;

function formInput(values: CheckoutValues) {
  return { ...values, country: values.country ?? '' };
}

// Spec 5, shared with the API: a valid email, a full name of at least 3, a country, both boxes ticked.
const resolve = zod4Resolver(checkoutFormSchema, { errorPriority: 'first' });
export const validateCheckout = (values: CheckoutValues) => resolve(formInput(values));

/** The body of the checkout calls: the form as the shared rules read it, and the cart's ids. */
export function checkoutOrder(
  values: CheckoutValues,
  items: { skins: number[]; bundles: number[] },
): CheckoutOrder {
  const form = checkoutFormSchema.parse(formInput(values));
  return {
    email: form.email,
    fullname: form.fullname,
    country: form.country,
    skins: items.skins,
    bundles: items.bundles,
    termsAccepted: form.termsAccepted,
    reminderAccepted: form.reminderAccepted,
  };
}
