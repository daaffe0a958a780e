import type { PayoutMethod, PayoutSchedule, PayoutStatus } from '../graphql/generated/graphql';

// Texts about payouts shared by My Payouts, the admin payouts, the statement and the static page
// (spec 2.11, 2.13, 4).
export const payoutsMessages = {
  status: {
    PENDING: 'Pending',
    LOCKED: 'Locked',
    SENT: 'Sent',
    ERROR: 'Error',
  } satisfies Record<PayoutStatus, string>,
  /** One line under the status: what it means for the author. */
  statusText: {
    PENDING: 'Collecting payments: your share of every paid sale is added here.',
    LOCKED: 'Locked for sending. New payments go to a new payout.',
    SENT: 'Sent. The funds arrive in 1-3 work days, some transactions up to a week.',
  } satisfies Record<Exclude<PayoutStatus, 'ERROR'>, string>,
  /** ERROR: the text around the link to the settings. */
  errorText: {
    before: 'The transfer failed, possibly because of incorrect account details in ',
    link: 'Profile Settings',
    after: '. Check them and we send the payout again.',
  },
  method: {
    BANK_TRANSFER: 'Bank transfer',
    PAYPAL: 'PayPal',
  } satisfies Record<PayoutMethod, string>,
  noMethod: 'No payout method chosen',
  chooseMethod: 'Choose a payout method',
  title: (id: string) => `Payout ${id}`,
  amount: 'Total',
  estimatedAmount: 'Estimated payout',
  estimatedDate: 'Estimated payout date',
  onRequest: 'On request',
  carriedOver: 'None: it is carried to your next payout',
  untilMinimum: (minimum: string) => `When the balance reaches ${minimum}`,
  untilThreshold: 'When the balance reaches your payout threshold',
  held: 'None: you hold your payouts',
  schedule: {
    TWICE_MONTHLY: 'Every payout date (the 1st and the 16th)',
    MONTHLY: 'Monthly (the 1st of each month)',
    QUARTERLY: 'Quarterly (1 January, April, July and October)',
  } satisfies Record<PayoutSchedule, string>,
  created: 'Created',
  locked: 'Locked',
  sent: 'Sent',
  methodLabel: 'Method',
  destination: 'Goes to',
  destinationLater: 'Taken from your payout details when the payout is locked.',
  reference: 'Transfer reference',
  sepaFile: 'SEPA file',
  failureReason: 'Reason',
  skins: (count: number) => `${count} ${count === 1 ? 'skin' : 'skins'}`,
  bundles: (count: number) => `${count} ${count === 1 ? 'bundle' : 'bundles'}`,
  adjustments: (count: number) => `${count} ${count === 1 ? 'adjustment' : 'adjustments'}`,
  items: {
    title: 'Items',
    caption: (id: string) => `Items of payout ${id}`,
    empty: 'No paid sales in this payout yet.',
    /** A co-authored item: the author's part of the item's whole author share. */
    coAuthoredPart: (weight: number, totalWeight: number, whole: string) =>
      `Your part (${weight}/${totalWeight}) of the authors' ${whole}`,
    columns: {
      name: 'Item',
      price: 'Base price',
      tip: 'Tip',
      gross: 'Gross',
      vat: 'VAT',
      net: 'Net',
      paymentFee: 'Payment gate fee',
      siteShare: 'Site share',
      authorShare: 'Author share',
    },
    total: 'Total',
    refunds: (count: number) => `Refunds taken back (${count})`,
    coAuthors: 'Co-authors’ parts of co-authored items',
    order: (number: string) => `Order ${number}`,
    type: { SKIN: 'Skin', BUNDLE: 'Bundle' },
    adjustment: 'Adjustment',
    refundOf: (number: string) => `Refund of order ${number}`,
    fromPayout: (id: string) => `paid in payout ${id}`,
    tip: (amount: string) => `+ ${amount} tip`,
    notApplicable: '—',
    /** Under the table: what the three VAT columns mean. */
    vatNote:
      'Gross = base price + tip, what the buyer paid with VAT included. VAT is what the order carved out for the tax office (0 for orders before VAT). Net = gross − VAT, split into the payment gate fee, the site share and the author share.',
  },
  charts: {
    moneyTitle: 'Where the money went',
    moneyLabel: 'Pie chart: how the buyers’ payments were split',
    popularTitle: 'Most popular items',
    popularLabel: 'Pie chart: your share by item',
    author: 'Author',
    paymentGates: 'Payment gates',
    site: 'Site',
    vat: 'VAT',
    coAuthors: 'Co-authors',
    others: 'Others',
    empty: 'The charts appear with the first paid sale.',
  },
  statement: {
    csv: 'Download statement (CSV)',
    printable: 'Printable statement',
  },
} as const;
