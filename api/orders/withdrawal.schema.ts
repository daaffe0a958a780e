/** The consent to immediate delivery and the right of withdrawal (docs/withdrawal.md). */
export const withdrawalSchema = /* GraphQL */ `
  "Where a buyer consents to immediate delivery after checkout."
  enum WithdrawalConsentPlace {
    CONFIRMATION_PAGE
    COLLECTION
  }

  "An order's consent to immediate delivery and the buyer's right of withdrawal."
  type WithdrawalStatus {
    "Checkout asked for the consent (false: an order from before, whose downloads never wait)."
    asked: Boolean!
    "When the buyer consented (null while the downloads wait)."
    consentGivenAt: String
    "Where the buyer consented: CHECKOUT, CONFIRMATION_PAGE or COLLECTION."
    consentGivenWhere: String
    "The text the buyer agreed to."
    statement: String!
    "The paid order's downloads wait for the buyer's consent."
    awaitingConsent: Boolean!
    "The buyer may withdraw now for a full refund (paid, no consent, within 14 days of the payment)."
    withdrawable: Boolean!
    "The end of the withdrawal period (the payment + 14 days), while the buyer has not consented."
    withdrawUntil: String
  }

  extend type Purchase {
    withdrawal: WithdrawalStatus!
  }

  extend type OrderConfirmation {
    withdrawal: WithdrawalStatus!
  }

  extend type Query {
    "The viewer's paid orders whose downloads wait for their consent, newest first."
    myOrdersAwaitingConsent: [Purchase!]!
    "The skins the viewer owns only through such orders: their downloads wait (a skin also owned through a released order does not)."
    myWaitingSkinIds: [ID!]!
  }

  extend type Mutation {
    """
    The buyer consents to the immediate delivery of a paid order and acknowledges losing the right
    of withdrawal: its downloads work at once. For its signed-in buyer, or whoever holds the key
    signed for the order (a guest's confirmation page); NOT_FOUND for anyone else.
    """
    giveWithdrawalConsent(
      externalId: String!
      key: String
      where: WithdrawalConsentPlace!
    ): OrderConfirmation!
    """
    The buyer withdraws from a paid order they have not consented to deliver, within 14 days of the
    payment: the whole payment is refunded to the card or PayPal account it came from.
    """
    withdrawFromPurchase(externalId: String!, key: String): OrderConfirmation!
  }
`;
