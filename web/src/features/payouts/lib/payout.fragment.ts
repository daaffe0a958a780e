import { graphql } from '../../../shared/graphql/generated';

// What the payout card shows (My Payouts, the payout pages, the admin list and the statement).
export const PayoutCardFieldsFragment = graphql(`
  fragment PayoutCardFields on Payout {
    id
    amount
    payoutStatus
    payoutMethod
    estimatedPayoutDate
    estimatedDateNote
    minimumAmount
    createdAt
    lockedOn
    sentOn
    skinCount
    bundleCount
    adjustmentCount
    sendToName
    sendToIban
    sendToBic
    sendToPaypalAccount
    failureReason
    externalId
    exportBatchId
    exportFileId
    exportedAt
    endToEndId
  }
`);

// A payout's lines: the items table, the totals and the charts.
export const PayoutItemFieldsFragment = graphql(`
  fragment PayoutItemFields on PayoutItem {
    id
    name
    price
    tip
    gross
    vat
    net
    authorReward
    itemAuthorShare
    shareWeight
    shareTotalWeight
    internalFee
    externalFee
    inBundle
    purchaseItemType
    adjustment
    orderExternalId
    occurredAt
    fromPayoutId
  }
`);

// The statement's totals, computed once on the server (the CSV has the same).
export const PayoutTotalsFieldsFragment = graphql(`
  fragment PayoutTotalsFields on PayoutTotals {
    itemCount
    adjustmentCount
    price
    tip
    gross
    vat
    net
    paymentFee
    siteFee
    coAuthors
    adjustments
    authorShare
  }
`);
