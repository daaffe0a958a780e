/** What skin and author pages show beside an item: its bundles, more of its author's work, totals. */
export const relatedItemsSchema = /* GraphQL */ `
  extend type Skin {
    "The listed bundles holding this skin, cheapest first (a skin page's 'also in bundle')."
    bundles: [Bundle!]!
    "Other published skins of the same author, most downloaded first (length: 1-12, 4 by default)."
    moreFromAuthor(length: Int = 4): [Skin!]!
    "Paid sales of this skin sold alone, refunds deducted (bundle sales count for the bundle). Its author and admins only: null for everyone else."
    sales: Int
  }

  extend type Bundle {
    "Euros, two decimals: the viewer-visible skins' prices together minus the bundle's price; 0 when the bundle saves nothing."
    savings: Float!
  }

  "An author's votes over all their published skins."
  type AuthorRating {
    "Average of every vote on the author's published skins, two decimals; 0 without votes."
    average: Float!
    totalRatings: Int!
  }

  extend type Author {
    "Downloads of all the author's published skins."
    downloadCount: Int!
    rating: AuthorRating!
    "Number of published bundles."
    bundleCount: Int!
    "The author's most downloaded published skins (length: 1-12, 3 by default): a card's sample of their work."
    sampleSkins(length: Int = 3): [Skin!]!
    "Published bundles, newest first."
    bundles: [Bundle!]!
  }
`;
