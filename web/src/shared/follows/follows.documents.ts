import { graphql } from '../graphql/generated';

export const ViewerAuthorStateQuery = graphql(`
  query ViewerAuthorState($ids: [ID!]!) {
    viewerAuthorStates(ids: $ids) {
      id
      following
    }
  }
`);

export const FollowAuthorMutation = graphql(`
  mutation FollowAuthor($authorId: Long!) {
    followAuthor(authorId: $authorId) {
      authorId
      following
      followerCount
    }
  }
`);

export const UnfollowAuthorMutation = graphql(`
  mutation UnfollowAuthor($authorId: Long!) {
    unfollowAuthor(authorId: $authorId) {
      authorId
      following
      followerCount
    }
  }
`);
