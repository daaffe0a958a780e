import { z } from 'zod';
import { PRICE_MAX_EUR, PRICE_MIN_EUR } from '../catalog/item-editor.schemas';
import { installValidationMessages } from '../text/validation-messages';
import { MAX_PERCENT_OFF, MIN_PERCENT_OFF } from './sale-price';

installValidationMessages();

export const SALE_NAME_MIN = 3;
export const SALE_NAME_MAX = 60;
const MAX_SALE_ITEMS_INPUT = 500;

/** What people read when a sale is refused: the form and the API say the same. */
export const saleMessages = {
  nameLength: `Give the sale a name of ${SALE_NAME_MIN} to ${SALE_NAME_MAX} characters.`,
  itemsRequired: 'Choose at least one of your skins or bundles for the sale.',
  tooManyItems: `A sale can hold at most ${MAX_SALE_ITEMS_INPUT} items.`,
  itemTwice: 'An item is in the sale twice.',
  noSuchItem: 'Some items of the sale do not exist any more.',
  notYourItem: (name: string) => `${name} is not yours: a sale can only lower the price of your own items.`,
  freeItem: (name: string) => `${name} is free: only paid items can go on sale.`,
  percentRange: `Take off ${MIN_PERCENT_OFF} to ${MAX_PERCENT_OFF} %, in whole percent.`,
  salePriceRequired: 'Enter the sale price.',
  salePriceMin: `A sale price is at least ${PRICE_MIN_EUR} EUR, the least a paid item may cost.`,
  salePriceCents: 'The sale price can have at most two decimals.',
  salePriceNotBelow: (sale: string, name: string, price: string) =>
    `The sale price ${sale} is not below the price of ${name} (${price}): a sale must lower every price.`,
  startRequired: 'Choose when the sale starts.',
  endRequired: 'Choose when the sale ends.',
  startInPast: 'The sale cannot start in the past.',
  startTooFar: 'A sale can be scheduled at most a year ahead.',
  endBeforeStart: 'The sale must end after it starts.',
  endInPast: 'The new end has already passed: cancel the sale to end it now.',
  tooShort: 'A sale runs for at least an hour.',
  tooLong: 'A sale runs for at most 31 days.',
  overlaps: (item: string, other: string) =>
    `${item} is already in your sale "${other}" at that time: two sales cannot overlap on one item.`,
  noSuchSale: 'There is no such sale.',
  alreadyScheduled: 'This sale is already scheduled.',
  cancelled: 'This sale was cancelled.',
  ended: 'This sale has already ended.',
  runningChange: 'The sale has started: only its name and its end can change now.',
} as const;

const isoTime = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .refine((value) => !Number.isNaN(Date.parse(value)), required);

const ids = z.array(z.coerce.number().int().positive()).max(MAX_SALE_ITEMS_INPUT, saleMessages.tooManyItems);

/**
 * A sale as the author's form and the scheduleSale / changeSale mutations give it: a name, the
 * items, a percentage off or a sale price (euros), a start and an end (ISO 8601). The server
 * checks the rest (ownership, overlaps, length) in the sale decider.
 */
export const saleInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(SALE_NAME_MIN, saleMessages.nameLength)
      .max(SALE_NAME_MAX, saleMessages.nameLength),
    kind: z.enum(['PERCENT', 'PRICE']),
    percentOff: z.number().nullish(),
    salePrice: z.number().nullish(),
    skinIds: ids.default([]),
    bundleIds: ids.default([]),
    startsAt: isoTime(saleMessages.startRequired),
    endsAt: isoTime(saleMessages.endRequired),
  })
  .superRefine((input, context) => {
    if (input.kind === 'PERCENT') {
      const percent = input.percentOff;
      if (
        percent === null ||
        percent === undefined ||
        !Number.isInteger(percent) ||
        percent < MIN_PERCENT_OFF ||
        percent > MAX_PERCENT_OFF
      ) {
        context.addIssue({ code: 'custom', path: ['percentOff'], message: saleMessages.percentRange });
      }
    } else {
      const price = input.salePrice;
      if (price === null || price === undefined) {
        context.addIssue({ code: 'custom', path: ['salePrice'], message: saleMessages.salePriceRequired });
      } else if (price < PRICE_MIN_EUR || price > PRICE_MAX_EUR) {
        context.addIssue({ code: 'custom', path: ['salePrice'], message: saleMessages.salePriceMin });
      } else if (Math.abs(Math.round(price * 100) - price * 100) > 1e-6) {
        context.addIssue({ code: 'custom', path: ['salePrice'], message: saleMessages.salePriceCents });
      }
    }
    if (input.skinIds.length + input.bundleIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['skinIds'], message: saleMessages.itemsRequired });
    }
    const start = Date.parse(input.startsAt);
    const end = Date.parse(input.endsAt);
    if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: saleMessages.endBeforeStart });
    }
  });
export type SaleInput = z.input<typeof saleInputSchema>;
export type ParsedSaleInput = z.output<typeof saleInputSchema>;
