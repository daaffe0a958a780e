// Payouts as My Payouts, the admin payouts, the statement and the payout guide show them (spec 2.11, 2.13, 4).
// Light pieces only: the charts (nivo) and the detail view that holds them are imported by path.
export { maskIban } from './destination';
export { amountLabel, payoutDateFact } from './payout-dates';
export { PayoutBreadcrumbs } from './payout-breadcrumbs';
export { PayoutListCard } from './payout-list-card';
export { PayoutStatusBadge } from './payout-status-badge';
export { payoutsMessages } from './payouts.messages';
export { PAYOUT_STATUSES, usePayoutListParams } from './use-payout-list-params';
