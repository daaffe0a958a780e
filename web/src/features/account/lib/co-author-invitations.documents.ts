import { graphql } from '../../../shared/graphql/generated';

export const MyCoAuthorInvitationsQuery = graphql(`
  query MyCoAuthorInvitations {
    myCoAuthorInvitations {
      itemType
      itemId
      title
      weight
      invitedAt
      owner {
        id
        username
      }
    }
  }
`);

export const AnswerCoAuthorInvitationMutation = graphql(`
  mutation AnswerCoAuthorInvitation($itemType: CoAuthorItemType!, $itemId: ID!, $accept: Boolean!) {
    answerCoAuthorInvitation(itemType: $itemType, itemId: $itemId, accept: $accept)
  }
`);
