// The GraphQL side of pay what you want (pay-what-you-want.ts): the flag on skins, bundles and
// their editors' inputs.

export const payWhatYouWantSchema = /* GraphQL */ `
  extend interface CatalogueItem {
    "The price is the least a buyer pays; they may choose to pay more (paid items only)."
    payWhatYouWant: Boolean!
  }
  extend type Skin {
    "The price is the least a buyer pays; they may choose to pay more (paid items only)."
    payWhatYouWant: Boolean!
  }
  extend type Bundle {
    "The price is the least a buyer pays; they may choose to pay more (paid items only)."
    payWhatYouWant: Boolean!
  }
  extend input SkinInput {
    "Let buyers pay more than the price, which is then the minimum; ignored for a free skin."
    payWhatYouWant: Boolean
  }
  extend input BundleInput {
    "Let buyers pay more than the price, which is then the minimum; ignored for a free bundle."
    payWhatYouWant: Boolean
  }
`;
