import { graphql } from '../../../shared/graphql/generated';

export const ItemCoAuthorsQuery = graphql(`
  query ItemCoAuthors($itemType: CoAuthorItemType!, $itemId: ID!) {
    itemCoAuthors(itemType: $itemType, itemId: $itemId) {
      itemType
      itemId
      viewerIsOwner
      maxAuthors
      minWeight
      maxWeight
      authors {
        author {
          id
          username
          url
        }
        role
        weight
        invitedAt
        acceptedAt
      }
    }
  }
`);

export const InviteCoAuthorMutation = graphql(`
  mutation InviteCoAuthor($itemType: CoAuthorItemType!, $itemId: ID!, $username: String!, $weight: Int!) {
    inviteCoAuthor(itemType: $itemType, itemId: $itemId, username: $username, weight: $weight) {
      itemId
    }
  }
`);

export const SetCoAuthorWeightsMutation = graphql(`
  mutation SetCoAuthorWeights($itemType: CoAuthorItemType!, $itemId: ID!, $weights: [CoAuthorWeightInput!]!) {
    setCoAuthorWeights(itemType: $itemType, itemId: $itemId, weights: $weights) {
      itemId
    }
  }
`);

export const RemoveCoAuthorMutation = graphql(`
  mutation RemoveCoAuthor($itemType: CoAuthorItemType!, $itemId: ID!, $authorId: ID!) {
    removeCoAuthor(itemType: $itemType, itemId: $itemId, authorId: $authorId) {
      itemId
    }
  }
`);

export const CoAuthorSplitPreviewQuery = graphql(`
  query CoAuthorSplitPreview($itemType: CoAuthorItemType!, $itemId: ID!, $weights: [CoAuthorWeightInput!]!) {
    coAuthorSplitPreview(itemType: $itemType, itemId: $itemId, weights: $weights) {
      saleCount
      authorShare
      lines {
        author {
          id
          username
        }
        weight
        currentWeight
        current
        preview
      }
    }
  }
`);
