import { graphql } from '../../../shared/graphql/generated';

// The claim page of a gift (docs/gifts.md): what the link names, and the claim itself.
export const GiftClaimQuery = graphql(`
  query GiftClaim($token: String!) {
    giftClaim(token: $token) {
      ...GiftClaimFields
    }
  }
`);

export const ClaimGiftMutation = graphql(`
  mutation ClaimGift($token: String!) {
    claimGift(token: $token) {
      ...GiftClaimFields
    }
  }
`);

export const GiftClaimFieldsFragment = graphql(`
  fragment GiftClaimFields on GiftClaim {
    giverName
    note
    status
    claimable
    link
    expiresAt
    claimedByYou
    items {
      itemType
      name
      skin {
        id
        url
        thumbnail {
          cardUrl
        }
      }
      bundle {
        id
        url
      }
    }
  }
`);
