import { graphql } from '../../../shared/graphql/generated';

// The bell's count: asked on load, when the page regains focus and every minute.
export const UnreadNotificationCountQuery = graphql(`
  query UnreadNotificationCount {
    unreadNotificationCount
  }
`);

// The bell's list (the latest ten) and the full page (20 a page), newest first.
export const MyNotificationsQuery = graphql(`
  query MyNotifications($page: PageInput!) {
    myNotifications(page: $page) {
      pageInfo {
        pageNumber
        pageSize
        totalPages
        totalElements
      }
      content {
        id
        position
        kind
        message
        link
        createdAt
        read
      }
    }
  }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($upToPosition: Long!) {
    markNotificationsRead(upToPosition: $upToPosition) {
      readUpToPosition
      unreadCount
    }
  }
`);
