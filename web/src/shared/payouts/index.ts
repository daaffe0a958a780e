// Payouts as My Payouts, the admin payouts, the statement and the payout guide show them (spec 2.11, 2.13, 4).
// Light pieces only: the charts (nivo) and the detail view that holds them are imported by path.
export { formatIban, maskIban } from './destination';
export {
  PayoutCardFieldsFragment,
  PayoutItemFieldsFragment,
  PayoutTotalsFieldsFragment,
} from './payout.fragment';
export { amountLabel, payoutContents, payoutDateFact } from './payout-dates';
export type { PayoutDateFact } from './payout-dates';
export { PayoutDetailSkeleton } from './payout-detail-skeleton';
export { moneySplit, popularItems } from './payout-figures';
export { PayoutBreadcrumbs } from './payout-breadcrumbs';
export { PayoutItemsTable } from './payout-items-table';
export { PayoutListCard } from './payout-list-card';
export { PayoutStatusBadge, payoutStatusAccents, payoutStatusColors } from './payout-status-badge';
export { PayoutStatusNote } from './payout-status-note';
export { PayoutDestination, PayoutFact, PayoutSummaryCard } from './payout-summary-card';
export type { PayoutAudience } from './payout-summary-card';
export { payoutsMessages } from './payouts.messages';
export { StatementLinks, statementCsvPath, statementPagePath } from './statement-links';
export { PAYOUT_STATUSES, usePayoutListParams } from './use-payout-list-params';
