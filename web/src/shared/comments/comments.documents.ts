import { graphql } from '../graphql/generated';

// Spec 2.5, 2.7 and 7.2: a skin's or a bundle's comments, newest first, 10 a page.
export const ItemCommentsQuery = graphql(`
  query ItemComments($skin: ID, $bundle: ID, $page: PageInput!) {
    comments(skin: $skin, bundle: $bundle, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        id
        text
        createdAt
        user {
          id
          url
          username
          country
          avatar {
            url
          }
        }
      }
    }
  }
`);

// Spec 4 and 7.2: a new comment (3 characters or more, plain text); it goes to the top of the list.
export const CreateCommentMutation = graphql(`
  mutation CreateComment($skin: ID, $bundle: ID, $text: String!) {
    createComment(skin: $skin, bundle: $bundle, text: $text) {
      id
      text
      createdAt
      user {
        id
        url
        username
        country
        avatar {
          url
        }
      }
    }
  }
`);
