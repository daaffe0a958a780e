import { z } from 'zod';
import { formatWholeEuros } from '../money';

// The skins list's price filter, shared by the web page (read from its query string) and the API's
// `price` argument: free only, paid only, and a range of prices in euros.

export const priceFilterMessages = {
  negative: 'A price filter cannot be negative.',
  tooHigh: `A price filter can be at most ${formatWholeEuros(100_000)}.`,
  minAboveMax: 'The lowest price cannot be above the highest price.',
  freeWithRange: 'Free skins have no price range: choose paid skins or remove the range.',
} as const;

const euros = z
  .number()
  .min(0, priceFilterMessages.negative)
  .max(100_000, priceFilterMessages.tooHigh)
  .nullish()
  .transform((value) => value ?? null);

export const priceFilterSchema = z
  .object({
    /** true: free skins only; false: paid skins only; null: both. */
    free: z
      .boolean()
      .nullish()
      .transform((value) => value ?? null),
    minPrice: euros,
    maxPrice: euros,
  })
  .superRefine((filter, context) => {
    if (filter.minPrice !== null && filter.maxPrice !== null && filter.minPrice > filter.maxPrice) {
      context.addIssue({ code: 'custom', message: priceFilterMessages.minAboveMax, path: ['minPrice'] });
    }
    if (filter.free === true && ((filter.minPrice ?? 0) > 0 || filter.maxPrice !== null)) {
      context.addIssue({ code: 'custom', message: priceFilterMessages.freeWithRange, path: ['free'] });
    }
  });
export type PriceFilter = z.infer<typeof priceFilterSchema>;

/** The filter in cents, bounds included: a minimum rounds up and a maximum down to whole cents. */
export function priceFilterCents(filter: PriceFilter): {
  free: boolean | null;
  minCents: number | null;
  maxCents: number | null;
} {
  return {
    free: filter.free,
    minCents: filter.minPrice === null ? null : Math.ceil(Math.round(filter.minPrice * 1e6) / 1e4),
    maxCents: filter.maxPrice === null ? null : Math.floor(Math.round(filter.maxPrice * 1e6) / 1e4),
  };
}
