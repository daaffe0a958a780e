import { graphql } from '../../../shared/graphql/generated';

// Spec 2.11 and 7.2: the user's orders (10 a page).
export const MyPurchaseListQuery = graphql(`
  query MyPurchaseList($page: PageInput!) {
    myPurchaseList(page: $page) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      content {
        ...PurchaseFields
        # The reductions the buyer's orders recorded (not in the admin's list: its cost limit).
        items {
          id
          saleReduction {
            label
            amount
          }
          codeReduction {
            label
            amount
          }
        }
        gift {
          recipientEmail
          note
          status
          claimedAt
          mailedAt
          endReason
          canResend
        }
      }
    }
  }
`);

// The giver has a gift's mail sent again (docs/gifts.md).
export const ResendGiftMailMutation = graphql(`
  mutation ResendGiftMail($orderId: ID!) {
    resendGiftMail(orderId: $orderId) {
      id
      success
    }
  }
`);
