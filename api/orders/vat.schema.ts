/** VAT on orders and the checkout quote (docs/vat.md). */
export const vatSchema = /* GraphQL */ `
  "How VAT applied to an order (docs/vat.md)."
  enum VatTreatment {
    OSS
    DOMESTIC
    REVERSE_CHARGE
    OUTSIDE_EU
    NOT_REGISTERED
  }

  "How a buyer's VAT ID was checked."
  type VatIdCheck {
    "VIES, or LOCAL: the stand-in used where no VIES is configured."
    source: String!
    requestIdentifier: String
    checkedAt: String!
  }

  "Where the buyer lives, as the order recorded it (Implementing Regulation 282/2011, Art. 24b-24f)."
  type VatEvidence {
    billingCountry: String
    "The country of the buyer's IP address at checkout; null when the address told nothing."
    ipCountry: String
    "The paying card's issuing country, when the provider reported it."
    cardCountry: String
    "BILLING_AND_IP_AGREE, or BUYER_CONFIRMED: the buyer confirmed the billing country."
    rule: String!
    "The card's country contradicts the country taxed: shown to admins, the VAT is not changed."
    conflict: Boolean!
    vatIdCheck: VatIdCheck
  }

  "An order's VAT: null for orders placed before VAT."
  type PurchaseVat {
    treatment: VatTreatment!
    "Lowercase ISO code of the country whose VAT applies."
    country: String
    countryName: String
    "The rate in percent (19 for 19 %); 0 when none is charged."
    ratePercent: Float!
    "Euros: the VAT in the total, and the total without it."
    vat: Float!
    net: Float!
    rateSetVersion: String!
    "The business buyer's VAT ID (reverse charge only)."
    buyerVatId: String
    "The buyer (their own orders) and admins: the location evidence."
    evidence: VatEvidence!
  }

  extend type Purchase {
    vat: PurchaseVat
  }

  extend type PurchaseItem {
    "Euros: the VAT in price + tip (0 before VAT)."
    vat: Float!
    "The catalogue price when a reverse-charge buyer paid less."
    listPrice: Float
  }

  extend type OrderConfirmation {
    vat: PurchaseVat
  }

  extend type OrderConfirmationItem {
    vat: Float!
    "The author's regular price when a reduction applied (a sale, a code), as the order recorded it; null: none did."
    regularPrice: Float
    "The reductions the order recorded on the line, in the order applied (a sale first)."
    reductions: [PriceReductionLine!]!
  }

  extend type PurchaseItem {
    "The sale's reduction the order recorded on the line, or null (at most one sale applies)."
    saleReduction: PriceReductionLine
    "The discount code's reduction the order recorded on the line, or null (at most one code applies)."
    codeReduction: PriceReductionLine
  }

  input CheckoutQuoteTip {
    itemType: PurchaseItemType!
    itemId: ID!
    tip: Float!
  }

  input CheckoutQuotePrice {
    itemType: PurchaseItemType!
    itemId: ID!
    price: Float!
  }

  input CheckoutQuoteInput {
    skins: [ID!]
    bundles: [ID!]
    tips: [CheckoutQuoteTip!]
    prices: [CheckoutQuotePrice!]
    "The billing country (lowercase ISO code)."
    country: String!
    "A business buyer's VAT ID."
    vatId: String
  }

  "A line of the quote, in euros."
  type CheckoutQuoteItem {
    itemType: PurchaseItemType!
    itemId: ID!
    name: String!
    price: Float!
    tip: Float!
    "The VAT in price + tip."
    vat: Float!
    "What the buyer pays for the line: price + tip."
    total: Float!
    "The catalogue price when a reverse-charge buyer pays less."
    listPrice: Float
    "The author's regular price when a reduction applied (a sale, a code); null: none did."
    regularPrice: Float
    "The reductions the server applied, in order (a sale first)."
    reductions: [PriceReductionLine!]!
  }

  enum PriceReductionSource {
    SALE
    CODE
  }

  "A reduction on a line of the order: why the item costs less than its regular price."
  type PriceReductionLine {
    source: PriceReductionSource!
    label: String!
    amount: Float!
  }

  "What the cart costs with VAT for a country (and VAT ID), computed by the server as an order would be."
  type CheckoutQuote {
    treatment: VatTreatment!
    country: String!
    countryName: String!
    ratePercent: Float!
    total: Float!
    vat: Float!
    net: Float!
    items: [CheckoutQuoteItem!]!
    "The country of the viewer's IP address (null: it tells nothing)."
    ipCountry: String
    "The billing country differs from the IP's (or the IP tells nothing): checkout asks to confirm it."
    needsCountryConfirmation: Boolean!
    "The confirmation's text, for the checkbox."
    confirmCountryLabel: String!
  }

  extend type Query {
    "The cart's prices with VAT for a billing country (and a business's VAT ID), before paying."
    checkoutQuote(input: CheckoutQuoteInput!): CheckoutQuote!
  }
`;
