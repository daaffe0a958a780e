import { z } from 'zod';
import { countryName } from '../../domain/accounts/countries';
import { BASIS_POINTS_PER_UNIT, centsToEuros } from '../../domain/money';
import { checkoutQuoteSchema } from '../../domain/orders/checkout.schemas';
import { decideOrder, initialOrderState } from '../../domain/orders/order.decider';
import type { OrderItemRef } from '../../domain/orders/order.events';
import { cardCountryConflict, needsCountryConfirmation } from '../../domain/tax/location-evidence';
import { vatMessages } from '../../domain/tax/vat-messages';
import type { AppContext } from '../app-context';
import type { RequestContext } from '../auth/viewer';
import { catalogueItemsToOrder } from './checkout-items';
import { placeOrderVatFor } from './checkout-vat';
import type { OrderRow } from './orders.repository';
import { configuredFeePolicy } from './place-order.handler';

const percentOf = (basisPoints: number) => (basisPoints * 100) / BASIS_POINTS_PER_UNIT;

/**
 * An order's VAT as GraphQL shows it (null for an order placed before VAT). Purchase lists reach
 * only the buyer's own orders and the admin's list, and a confirmation page only its readers, so
 * the evidence goes with it.
 */
export function purchaseVatOf(row: OrderRow) {
  if (row.vat_treatment === null) return null;
  return {
    treatment: row.vat_treatment,
    country: row.vat_country,
    countryName: row.vat_country ? countryName(row.vat_country) : null,
    ratePercent: percentOf(row.vat_rate_basis_points ?? 0),
    vat: centsToEuros(row.vat_cents),
    net: centsToEuros(row.total_cents - row.vat_cents),
    rateSetVersion: row.vat_rate_set_version ?? '',
    buyerVatId: row.buyer_vat_id,
    evidence: {
      billingCountry: row.buyer_country,
      ipCountry: row.ip_country,
      cardCountry: row.card_country,
      rule: row.evidence_rule ?? 'BUYER_CONFIRMED',
      conflict: cardCountryConflict(row.vat_country, row.card_country),
      vatIdCheck: row.vat_id_check,
    },
  };
}

/**
 * The checkout quote: the cart priced exactly as placing its order would price it (the order
 * decider itself, on an empty order, with the configured fee policy and VAT), without writing
 * anything. The buyer's confirmation is taken as given here; whether checkout will ask for it is
 * `needsCountryConfirmation`.
 */
export function vatResolvers(app: AppContext) {
  return {
    Query: {
      checkoutQuote: async (_root: unknown, rawArgs: unknown, context: RequestContext) => {
        const { input } = z.object({ input: z.unknown() }).parse(rawArgs);
        const request = checkoutQuoteSchema.parse(input);
        const userId = context.viewer?.id ?? null;
        const catalogueItems = await catalogueItemsToOrder(
          app.pool,
          { skins: request.skins, bundles: request.bundles },
          // A visitor not signed in owns nothing and wrote nothing (no account has id 0).
          { userId: userId ?? 0, signedIn: userId !== null },
          app.now(),
          request.code,
        );
        const keyOf = (item: OrderItemRef) => `${item.itemType}:${item.itemId}`;
        const tips = new Map(request.tips.map((choice) => [keyOf(choice), choice.tip]));
        const prices = new Map(request.prices.map((choice) => [keyOf(choice), choice.price]));
        const items = catalogueItems.map((item) => ({
          ...item,
          tipCents: tips.get(keyOf(item)) ?? 0,
          ...(prices.has(keyOf(item)) ? { chosenPriceCents: prices.get(keyOf(item)) } : {}),
        }));
        const ip = context.request.ip;
        const vat = await placeOrderVatFor(app, {
          country: request.country,
          vatId: request.vatId,
          countryConfirmed: true,
          ip,
        });
        const [placed] = decideOrder(
          {
            type: 'PlaceOrder',
            orderId: 'quote',
            buyer: { userId, email: '', fullName: '', country: request.country },
            paymentType: 'STRIPE',
            items,
            feePolicy: configuredFeePolicy(app),
            vat,
            placedAt: app.now(),
          },
          initialOrderState,
        );
        if (placed?.type !== 'OrderPlaced' || !placed.data.vat) {
          throw new Error('The order decider priced no order for a quote');
        }
        const { data } = placed;
        const vatCents = data.totals.vatCents ?? 0;
        return {
          treatment: data.vat!.treatment,
          country: request.country,
          countryName: countryName(request.country),
          ratePercent: percentOf(data.vat!.rateBasisPoints),
          total: centsToEuros(data.totals.totalCents),
          vat: centsToEuros(vatCents),
          net: centsToEuros(data.totals.totalCents - vatCents),
          items: data.items.map((item) => ({
            itemType: item.itemType,
            itemId: String(item.itemId),
            name: item.name,
            price: centsToEuros(item.priceCents),
            tip: centsToEuros(item.tipCents),
            vat: centsToEuros(item.vatCents ?? 0),
            total: centsToEuros(item.priceCents + item.tipCents),
            listPrice: item.listPriceCents === undefined ? null : centsToEuros(item.listPriceCents),
            regularPrice: item.regularPriceCents === undefined ? null : centsToEuros(item.regularPriceCents),
            reductions: (item.reductions ?? []).map((reduction) => ({
              source: reduction.source,
              label: reduction.label,
              amount: centsToEuros(reduction.cents),
            })),
          })),
          ipCountry: vat.ipCountry,
          needsCountryConfirmation: needsCountryConfirmation(request.country, vat.ipCountry),
          confirmCountryLabel: vatMessages.confirmCountryLabel(request.country),
          placedItems: data.items,
        };
      },
    },
    Purchase: {
      vat: (purchase: { row: OrderRow }) => purchaseVatOf(purchase.row),
    },
  };
}
