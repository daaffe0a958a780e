import { graphql } from '../graphql/generated';

// What a skin card shows (DESIGN.md): every list that renders cards spreads this fragment.
export const SkinCardFieldsFragment = graphql(`
  fragment SkinCardFields on Skin {
    ...ItemCardFields
    rating {
      average
      totalRatings
    }
    downloads {
      total
    }
    tags {
      id
      slug
      name
    }
  }
`);
