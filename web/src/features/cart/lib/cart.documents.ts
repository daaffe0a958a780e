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

// The cart priced by the server with VAT for the billing country (and a business's VAT ID).
export const CheckoutQuoteQuery = graphql(`
  query CheckoutQuote($input: CheckoutQuoteInput!) {
    checkoutQuote(input: $input) {
      treatment
      country
      countryName
      ratePercent
      total
      vat
      net
      needsCountryConfirmation
      confirmCountryLabel
      items {
        itemType
        itemId
        name
        price
        vat
        listPrice
        regularPrice
        reductions {
          source
          label
          amount
        }
      }
      discountCode {
        code
        reduction
        note
        items {
          itemType
          itemId
          name
          reduction
          price
          atMinimum
        }
      }
    }
  }
`);

// The signed-in buyer's name and country fill the checkout form.
export const CheckoutProfileQuery = graphql(`
  query CheckoutProfile {
    myUser {
      id
      fullname
      country
    }
  }
`);

// The confirmation page after paying: readable with the key from the address, by the buyer or an admin.
export const OrderConfirmationQuery = graphql(`
  query OrderConfirmation($externalId: String!, $key: String) {
    orderConfirmation(externalId: $externalId, key: $key) {
      externalId
      withdrawal {
        ...WithdrawalStatusFields
      }
      paymentStatus
      paymentType
      totalPrice
      createdAt
      paymentReceivedAt
      buyerEmail
      guest
      vat {
        ...PurchaseVatFields
      }
      discountCode {
        code
        reduction
      }
      items {
        id
        itemType
        name
        price
        tip
        total
        regularPrice
        reductions {
          source
          label
          amount
        }
        skin {
          id
          url
          type
          thumbnail {
            id
            cardUrl
          }
        }
        bundle {
          id
          url
          type
          thumbnail {
            id
            cardUrl
          }
        }
        downloads {
          skinId
          title
          url
          downloadUrl
        }
      }
    }
  }
`);
