export const verifiedReviewsSchema = /* GraphQL */ `
  extend type Comment {
    "Its writer owned or had downloaded the skin (or bundle) when writing it (docs/community.md, Verified reviews)."
    verified: Boolean!
  }

  extend type Skin {
    "How many of the skin's votes come from people who owned or had downloaded it when voting."
    verifiedRatings: Int!
  }
`;
