import { graphql } from '../graphql/generated';

// The sale running on a skin or bundle, as cards, pages and the cart show it (docs/sales-and-codes.md).
export const RunningSaleFieldsFragment = graphql(`
  fragment RunningSaleFields on RunningSale {
    id
    name
    salePrice
    regularPrice
    referencePrice
    percentOff
    endsAt
  }
`);
