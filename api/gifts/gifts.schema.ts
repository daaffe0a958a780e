/** Gifts (docs/gifts.md): the giver's view on their order, the recipient's claim page and claim. */
export const giftsSchema = /* GraphQL */ `
  """
  Where a gift stands: OPEN (paid or being paid, not claimed yet), CLAIMED (the recipient owns the
  items), ENDED (the order was refunded, or never paid).
  """
  enum GiftStatus {
    OPEN
    CLAIMED
    ENDED
  }

  "An order given as a gift, as its giver (and admins) see it on the order."
  type PurchaseGift {
    recipientEmail: String!
    note: String
    status: GiftStatus!
    "When the recipient claimed it."
    claimedAt: String
    "When the recipient's latest mail with a claim link was recorded (null: not mailed yet)."
    mailedAt: String
    "Why it ended: REFUNDED or CANCELLED."
    endReason: String
    "The giver may have the mail sent again now (open, mailed, under the limits)."
    canResend: Boolean!
  }

  extend type Purchase {
    "The gift, when the order was bought as one (its giver and admins only)."
    gift: PurchaseGift
  }

  "A claim link as its page shows it."
  enum GiftLinkStatus {
    "The link can be used to claim."
    VALID
    "The link was used already."
    USED
    "The link is past its date."
    EXPIRED
  }

  "An item of a gift, on the claim page."
  type GiftItem {
    itemType: PurchaseItemType!
    name: String!
    skin: Skin
    bundle: Bundle
  }

  "What a claim link's page shows: anyone who holds the link may read it."
  type GiftClaim {
    giverName: String!
    note: String
    items: [GiftItem!]!
    status: GiftStatus!
    "The gift is paid and may be claimed (OPEN and paid)."
    claimable: Boolean!
    link: GiftLinkStatus!
    "The day the link stops working."
    expiresAt: String!
    "The signed-in viewer is the account that claimed it."
    claimedByYou: Boolean!
  }

  extend type Query {
    "A gift's claim page, by the token of the link mailed to its recipient; NOT_FOUND for a bad token."
    giftClaim(token: String!): GiftClaim!
  }

  extend type Mutation {
    "The signed-in viewer claims the gift the link was mailed for; its items are theirs from now on."
    claimGift(token: String!): GiftClaim!
    "The giver has the recipient's mail sent again (rate-limited)."
    resendGiftMail(orderId: ID!): MutationResult!
  }
`;
