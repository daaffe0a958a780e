import type { VatConfig } from '../infra/config';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logger';
import type { PaymentProviders } from '../infra/payments/payment-providers';
import type { Reactor } from '../infra/projection-engine/projection';
import { discountCodeReleasesReactor } from './discount-codes/discount-code-releases.reactor';
import { erasureListReactor } from './accounts/erasure-list.reactor';
import { authorNoticeMailsReactor } from './mail/author-notice-mails.reactor';
import { invoiceNumberingReactor } from './invoices/invoice-numbering.reactor';
import { orderMailsReactor } from './mail/order-mails.reactor';
import { giftMailsReactor } from './gifts/gift-mails.reactor';
import { statementMailsReactor } from './mail/statement-mails.reactor';
import { latePaymentRefundsReactor } from './orders/late-payment-refunds.reactor';
import { payoutAllocationReactor } from './payouts/payout-allocation.reactor';
import { webhooksReactor } from './webhooks/webhooks.reactor';

/**
 * The reactors the catch-up runner feeds beside the projections (never rebuilt by `npm run replay`).
 * The late-payment refunds need the payment providers; without them (a test's own runner) that
 * reactor is left out, and without the VAT configuration (it names the seller) the invoice numbering.
 */
export function reactors(deps: {
  store: EventStore;
  log: Logger;
  payments?: PaymentProviders;
  vat?: VatConfig;
  /** The erasure list outside the database (docs/personal-data.md); a test's own runner may go without. */
  erasuresFile?: string;
}): Reactor[] {
  return [
    payoutAllocationReactor(deps),
    orderMailsReactor(deps),
    giftMailsReactor(deps),
    authorNoticeMailsReactor(deps),
    statementMailsReactor(deps),
    webhooksReactor(deps),
    discountCodeReleasesReactor(deps),
    ...(deps.payments ? [latePaymentRefundsReactor({ ...deps, payments: deps.payments })] : []),
    ...(deps.vat ? [invoiceNumberingReactor({ ...deps, vat: deps.vat })] : []),
    ...(deps.erasuresFile ? [erasureListReactor({ erasuresFile: deps.erasuresFile })] : []),
  ];
}
