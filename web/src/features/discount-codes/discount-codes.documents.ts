import { graphql } from '../../shared/graphql/generated';

// Discount codes (docs/sales-and-codes.md, "Discount codes"): the author's codes, their
// redemptions, and the items a code can be for.

export const DiscountCodeFields = graphql(`
  fragment DiscountCodeFields on DiscountCode {
    code
    kind
    percent
    amount
    allItems
    items {
      itemType
      itemId
      name
    }
    maxUses
    uses
    expiresAt
    expired
    earlierBuyersOf {
      item {
        itemType
        itemId
        name
      }
      before
    }
    active
    deactivatedAt
    createdAt
  }
`);

export const MyDiscountCodesQuery = graphql(`
  query MyDiscountCodes {
    myDiscountCodes {
      ...DiscountCodeFields
    }
  }
`);

export const DiscountCodeRedemptionsQuery = graphql(`
  query DiscountCodeRedemptions($code: String!) {
    discountCode(code: $code) {
      code
      redemptions {
        orderNumber
        status
        reduction
        redeemedAt
        releasedAt
        releaseReason
      }
    }
  }
`);

export const CodeItemChoicesQuery = graphql(`
  query CodeItemChoices {
    myCreatedSkins(page: { page: 0, size: 100 }) {
      content {
        id
        title
        price
      }
    }
    myCreatedBundles(page: { page: 0, size: 100 }) {
      content {
        id
        title
        price
      }
    }
  }
`);

export const CreateDiscountCodeMutation = graphql(`
  mutation CreateDiscountCode($input: CreateDiscountCodeInput!) {
    createDiscountCode(input: $input) {
      ...DiscountCodeFields
    }
  }
`);

export const DeactivateDiscountCodeMutation = graphql(`
  mutation DeactivateDiscountCode($code: String!) {
    deactivateDiscountCode(code: $code) {
      ...DiscountCodeFields
    }
  }
`);
