import { graphql } from '../../../shared/graphql/generated';

// The author's sales page (docs/sales-and-codes.md): their sales, their paid items, and the changes.

export const AuthorSaleFieldsFragment = graphql(`
  fragment AuthorSaleFields on AuthorSale {
    id
    name
    kind
    percentOff
    salePrice
    startsAt
    endsAt
    cancelledAt
    status
    items {
      itemType
      itemId
      name
      price
    }
  }
`);

export const MySalesQuery = graphql(`
  query MySales {
    mySales {
      ...AuthorSaleFields
    }
  }
`);

// The items a sale may hold: the author's own skins and bundles (paid ones are offered).
export const MySaleableItemsQuery = graphql(`
  query MySaleableItems($page: PageInput!) {
    myCreatedSkins(page: $page) {
      content {
        id
        title
        price
      }
    }
    myCreatedBundles(page: $page) {
      content {
        id
        title
        price
      }
    }
  }
`);

export const ScheduleSaleMutation = graphql(`
  mutation ScheduleSale($input: SaleInput!) {
    scheduleSale(input: $input) {
      ...AuthorSaleFields
    }
  }
`);

export const ChangeSaleMutation = graphql(`
  mutation ChangeSale($id: ID!, $input: SaleInput!) {
    changeSale(id: $id, input: $input) {
      ...AuthorSaleFields
    }
  }
`);

export const CancelSaleMutation = graphql(`
  mutation CancelSale($id: ID!) {
    cancelSale(id: $id) {
      ...AuthorSaleFields
    }
  }
`);
