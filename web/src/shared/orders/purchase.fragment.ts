import { graphql } from '../graphql/generated';

// What the purchase history and the admin orders show of an order (spec 2.11, 2.13).
export const PurchaseVatFieldsFragment = graphql(`
  fragment PurchaseVatFields on PurchaseVat {
    treatment
    country
    countryName
    ratePercent
    vat
    net
    buyerVatId
    evidence {
      billingCountry
      ipCountry
      cardCountry
      rule
      conflict
    }
  }
`);

export const PurchaseFieldsFragment = graphql(`
  fragment PurchaseFields on Purchase {
    id
    externalId
    totalPrice
    paymentType
    paymentStatus
    paymentReceivedAt
    createdAt
    vat {
      ...PurchaseVatFields
    }
    withdrawal {
      asked
      consentGivenAt
      awaitingConsent
    }
    items {
      id
      name
      price
      tip
      skin {
        id
        url
      }
      bundle {
        id
        url
      }
    }
  }
`);
