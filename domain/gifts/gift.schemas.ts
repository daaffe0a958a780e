import { z } from 'zod';
import { EMAIL_PATTERN } from '../accounts/account.schemas';
import { hasVisibleText } from '../text/visible-text';

/** A note is a card's worth of text: room for a greeting, not for a letter. */
export const GIFT_NOTE_MAX = 300;

export const giftMessages = {
  recipientEmail: "Enter the recipient's email address.",
  note: `A note can have at most ${GIFT_NOTE_MAX} characters.`,
  toYourself: 'This is your own email address: a gift goes to someone else. Buy it for yourself instead.',
  notFound: 'There is no such gift, or the link is not valid.',
  notPaid: 'This gift is not paid yet: it can be claimed once the payment has arrived.',
  ended: 'This gift has ended: the order was refunded, so there is nothing to claim.',
  cancelled: 'This gift was never paid: there is nothing to claim.',
  alreadyClaimed: 'This gift has already been claimed.',
  giverClaims: 'You gave this gift: only the person it was given to can claim it.',
  linkUsed: 'This link has already been used.',
  linkExpired: 'This link has expired. Ask the person who gave you the gift to send it again.',
  signIn: 'Sign in or create an account to claim your gift.',
  resendTooSoon: (minutes: number) =>
    `The gift mail was sent a moment ago. You can send it again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  resendLimit:
    'The gift mail has been sent as often as it can be. Ask the recipient to look in their spam folder.',
  notTheGiver: 'There is no such gift.',
  awaitsConsent:
    "The gift mail goes out once you consent to immediate delivery on the order's page: until then you may still withdraw.",
} as const;

/**
 * "This is a gift" at checkout: the recipient's address and an optional note. The address is
 * trimmed and compared without case; the note keeps its text (blank means none).
 */
export const giftRequestSchema = z.object({
  recipientEmail: z
    .string({ error: giftMessages.recipientEmail })
    .trim()
    .max(254, giftMessages.recipientEmail)
    .regex(EMAIL_PATTERN, giftMessages.recipientEmail),
  note: z
    .string({ error: giftMessages.note })
    .trim()
    .max(GIFT_NOTE_MAX, giftMessages.note)
    .nullish()
    .transform((note) => (note && hasVisibleText(note) ? note : null)),
});
export type GiftRequest = z.infer<typeof giftRequestSchema>;

/** A claim link's token as the page and the API carry it (checked for its signature on the server). */
export const giftClaimTokenSchema = z
  .string({ error: giftMessages.notFound })
  .trim()
  .regex(/^[\w.-]{20,200}$/, giftMessages.notFound);
