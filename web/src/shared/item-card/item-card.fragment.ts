import { graphql } from '../graphql/generated';

// What every card shows of a skin or a bundle alike; the skin and bundle card fragments spread it.
export const ItemCardFieldsFragment = graphql(`
  fragment ItemCardFields on CatalogueItem {
    id
    url
    title
    type
    price
    sale {
      ...RunningSaleFields
    }
    published
    thumbnail {
      id
      cardUrl
    }
    author {
      id
      url
      username
      country
    }
  }
`);
