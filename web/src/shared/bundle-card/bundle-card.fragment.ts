import { graphql } from '../graphql/generated';

// What a bundle card shows (spec 2.8): every list that renders bundle cards spreads this fragment.
// The skins' prices give the card its skin count and the saving.
export const BundleCardFieldsFragment = graphql(`
  fragment BundleCardFields on Bundle {
    ...ItemCardFields
    description
    skins {
      id
      price
    }
  }
`);

// The skins of a bundle as skin cards, for the 'Contents of Bundle' modal (spec 4).
export const BundleContentsQuery = graphql(`
  query BundleContents($url: String!) {
    bundle(url: $url) {
      id
      skins {
        ...SkinCardFields
      }
    }
  }
`);
