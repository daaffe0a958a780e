import { graphql } from '../../../shared/graphql/generated';

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
        refundedAt
        refundable
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
