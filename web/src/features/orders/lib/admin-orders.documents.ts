import { graphql } from '../../../shared/graphql/generated';

export const OrderMailFieldsFragment = graphql(`
  fragment OrderMailFields on MailDelivery {
    id
    kind
    recipient
    status
    attempts
    lastError
    createdAt
    lastAttemptAt
    nextAttemptAt
    sentAt
  }
`);

// Spec 2.13 and 7.2: purchaseList(search, page, status), 20 a page, and the refund (decisions.md).
export const AdminOrdersQuery = graphql(`
  query AdminOrders($search: String, $page: PageInput!, $status: PaymentStatus) {
    purchaseList(search: $search, page: $page, status: $status) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
        numberOfElements
      }
      content {
        ...PurchaseFields
        buyerEmail
        buyerName
        buyerCountry
        siteFee
        paymentFee
        refundedAt
        refundable
        mails {
          ...OrderMailFields
        }
      }
    }
  }
`);

export const RefundOrderMutation = graphql(`
  mutation RefundOrder($id: ID!) {
    refundOrder(id: $id) {
      id
      success
    }
  }
`);

export const RetryMailDeliveryMutation = graphql(`
  mutation RetryMailDelivery($id: ID!) {
    retryMailDelivery(id: $id) {
      ...OrderMailFields
    }
  }
`);
