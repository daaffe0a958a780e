import { z } from 'zod';
import { PRICE_MAX_EUR } from '../catalog/item-editor.schemas';
import { CENTS_PER_EURO } from '../money';

/** A code: 3-32 letters, digits, `-` or `_`, starting with a letter or digit; compared in capitals. */
export const CODE_MIN = 3;
export const CODE_MAX = 32;
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;
export const MAX_USES_LIMIT = 1_000_000;
/** The most a code's item list may name. */
export const CODE_ITEMS_MAX = 100;

export const discountCodeMessages = {
  codeFormat: `A code has ${CODE_MIN} to ${CODE_MAX} letters, digits, - or _, and starts with a letter or digit.`,
  percent: 'The percentage is a whole number from 1 to 100.',
  amount: `The amount is from 0.01 to ${PRICE_MAX_EUR} EUR, in cents at most.`,
  maxUses: `The number of uses is a whole number from 1 to ${MAX_USES_LIMIT.toLocaleString('en')}.`,
  expiresAt: 'The expiry is a date and time.',
  expiryPast: 'The expiry must be in the future.',
  noItems: 'Choose the items the code is for, or all your items.',
  before: 'The date of the earlier purchase is a date and time.',
} as const;

/** Capitals, no surrounding spaces: the form a code is stored and compared in. */
export const normaliseCode = (raw: string) => raw.trim().toUpperCase();

/** A code as typed by an author or a buyer, normalised (`summer-25` → `SUMMER-25`). */
export const discountCodeText = z
  .string({ error: discountCodeMessages.codeFormat })
  .transform(normaliseCode)
  .pipe(
    z
      .string()
      .min(CODE_MIN, discountCodeMessages.codeFormat)
      .max(CODE_MAX, discountCodeMessages.codeFormat)
      .regex(CODE_PATTERN, discountCodeMessages.codeFormat),
  );

/** The cart's code field: empty or absent means no code. */
export const cartCodeField = z
  .union([z.literal('').transform(() => undefined), z.null().transform(() => undefined), discountCodeText])
  .optional();

const itemRef = z.object({
  itemType: z.enum(['SKIN', 'BUNDLE']),
  itemId: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
});
const isoTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/**
 * An author's new code, as the form and `createDiscountCode` check it. Amounts are euros as the API
 * carries them; the result holds cents.
 */
export const createDiscountCodeSchema = z
  .object({
    code: discountCodeText,
    kind: z.enum(['PERCENT', 'AMOUNT']),
    percent: z
      .number({ error: discountCodeMessages.percent })
      .int(discountCodeMessages.percent)
      .min(1, discountCodeMessages.percent)
      .max(100, discountCodeMessages.percent)
      .nullish(),
    amount: z
      .number({ error: discountCodeMessages.amount })
      .min(0.01, discountCodeMessages.amount)
      .max(PRICE_MAX_EUR, discountCodeMessages.amount)
      .refine(
        (euros) => Math.abs(Math.round(euros * CENTS_PER_EURO) - euros * CENTS_PER_EURO) < 1e-6,
        discountCodeMessages.amount,
      )
      .nullish(),
    allItems: z.boolean(),
    items: z.array(itemRef).max(CODE_ITEMS_MAX).default([]),
    maxUses: z
      .number({ error: discountCodeMessages.maxUses })
      .int(discountCodeMessages.maxUses)
      .min(1, discountCodeMessages.maxUses)
      .max(MAX_USES_LIMIT, discountCodeMessages.maxUses)
      .nullish(),
    expiresAt: isoTime(discountCodeMessages.expiresAt).nullish(),
    earlierBuyersOf: z.object({ ...itemRef.shape, before: isoTime(discountCodeMessages.before) }).nullish(),
  })
  .superRefine((input, context) => {
    if (input.kind === 'PERCENT' && (input.percent === null || input.percent === undefined)) {
      context.addIssue({ code: 'custom', message: discountCodeMessages.percent, path: ['percent'] });
    }
    if (input.kind === 'AMOUNT' && (input.amount === null || input.amount === undefined)) {
      context.addIssue({ code: 'custom', message: discountCodeMessages.amount, path: ['amount'] });
    }
    if (!input.allItems && input.items.length === 0) {
      context.addIssue({ code: 'custom', message: discountCodeMessages.noItems, path: ['items'] });
    }
  });
