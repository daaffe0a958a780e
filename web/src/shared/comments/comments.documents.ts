import { graphql } from '../graphql/generated';

/**
 * One comment as the section shows it. `removal` (an admin's removal) and the writer's `blocked`
 * answer admins only: they alone get removed comments and blocked writers' comments back, so only
 * they ask (`$moderation`); without them the answer is the one every viewer shares.
 */
export const ItemCommentFields = graphql(`
  fragment ItemCommentFields on Comment {
    id
    text
    createdAt
    verified
    user {
      id
      url
      username
      country
      blocked @include(if: $moderation)
      avatar {
        url
      }
    }
    removal @include(if: $moderation) {
      at
      reason
      by {
        username
      }
    }
  }
`);

// Spec 2.5, 2.7 and 7.2: a skin's or a bundle's comments, newest first, 10 a page.
export const ItemCommentsQuery = graphql(`
  query ItemComments($skin: ID, $bundle: ID, $page: PageInput!, $moderation: Boolean!) {
    comments(skin: $skin, bundle: $bundle, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        ...ItemCommentFields
      }
    }
  }
`);

// Spec 4 and 7.2: a new comment (3 characters or more, plain text); it goes to the top of the list.
export const CreateCommentMutation = graphql(`
  mutation CreateComment($skin: ID, $bundle: ID, $text: String!, $moderation: Boolean!) {
    createComment(skin: $skin, bundle: $bundle, text: $text) {
      ...ItemCommentFields
    }
  }
`);
