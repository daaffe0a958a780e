import { graphql } from '../../../shared/graphql/generated';

// Spec 4: the cart keeps ids only and reloads the items from the server (only what the viewer may see,
// in the order asked).
export const CartItemsQuery = graphql(`
  query CartItems($skinIds: [ID!]!, $bundleIds: [ID!]!) {
    skinsById(ids: $skinIds) {
      ...SkinCardFields
      availableAlone
      payWhatYouWant
    }
    bundlesById(ids: $bundleIds) {
      ...BundleCardFields
      payWhatYouWant
    }
  }
`);
