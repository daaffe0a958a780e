import { graphql } from '../../../shared/graphql/generated';

// The admin's moderation pages: every skin and bundle (hidden and taken-down ones too), every
// comment, the reports queue, the moderation history, and the steps an admin takes.

export const ModerationTakedownFieldsFragment = graphql(`
  fragment ModerationTakedownFields on Takedown {
    at
    reason
    by {
      id
      username
    }
  }
`);

/** What a skin or bundle row needs: enough to show it, its state and its author's. */
export const AdminSkinRowFieldsFragment = graphql(`
  fragment AdminSkinRowFields on Skin {
    id
    url
    title
    type
    price
    published
    createdAt
    thumbnail {
      id
      cardUrl
    }
    author {
      id
      url
      username
      blocked
    }
    takedown {
      ...ModerationTakedownFields
    }
  }
`);

export const AdminBundleRowFieldsFragment = graphql(`
  fragment AdminBundleRowFields on Bundle {
    id
    url
    title
    type
    price
    published
    createdAt
    thumbnail {
      id
      cardUrl
    }
    author {
      id
      url
      username
      blocked
    }
    takedown {
      ...ModerationTakedownFields
    }
  }
`);

// Spec 2.13 and 7.2: skins(page, search, type) with type omitted for all games; admins get hidden
// and taken-down ones too. 20 a page, newest first.
export const AdminSkinsQuery = graphql(`
  query AdminSkins($search: String, $type: GameType, $page: PageInput!) {
    skins(search: $search, type: $type, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        ...AdminSkinRowFields
      }
    }
  }
`);

export const AdminBundlesQuery = graphql(`
  query AdminBundles($search: String, $type: GameType, $page: PageInput!) {
    bundles(search: $search, type: $type, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        ...AdminBundleRowFields
      }
    }
  }
`);

export const AdminCommentRowFieldsFragment = graphql(`
  fragment AdminCommentRowFields on Comment {
    id
    text
    createdAt
    author {
      id
      url
      username
      country
      blocked
      avatar {
        url
      }
    }
    skin {
      id
      url
      title
    }
    bundle {
      id
      url
      title
    }
    removal {
      ...ModerationTakedownFields
    }
  }
`);

// Every comment, removed ones included (removedOnly: just those), newest first, 20 a page.
export const AdminCommentsQuery = graphql(`
  query AdminComments($page: PageInput!, $removedOnly: Boolean) {
    allComments(page: $page, removedOnly: $removedOnly) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        ...AdminCommentRowFields
      }
    }
  }
`);

// The reports queue: OPEN (most reported first) or null (every item ever reported, latest first).
export const ReportedItemsQuery = graphql(`
  query ReportedItems($status: ReportStatus, $page: PageInput!) {
    reportedItems(status: $status, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        itemType
        itemId
        openReports
        totalReports
        lastReportedAt
        reasons {
          reason
          count
        }
        skin {
          ...AdminSkinRowFields
        }
        bundle {
          ...AdminBundleRowFields
        }
        comment {
          ...AdminCommentRowFields
        }
        takedown {
          ...ModerationTakedownFields
        }
        reports {
          reason
          text
          reportedAt
          status
          resolvedAt
          note
          reporter {
            id
            url
            username
            blocked
          }
          resolvedBy {
            id
            username
          }
        }
      }
    }
  }
`);

// The history, newest first, 20 a page: everything, or one item's or account's steps.
export const ModerationLogQuery = graphql(`
  query ModerationLog($itemType: String, $itemId: ID, $page: PageInput!) {
    moderationLog(itemType: $itemType, itemId: $itemId, page: $page) {
      pageInfo {
        pageNumber
        totalPages
        totalElements
      }
      content {
        id
        at
        action
        itemType
        itemId
        itemLabel
        itemUrl
        reason
        actor {
          id
          url
          username
        }
        statement {
          id
          groundRule
        }
      }
    }
  }
`);

export const TakeDownItemMutation = graphql(`
  mutation TakeDownItem(
    $itemType: ModeratedItemType!
    $itemId: ID!
    $ground: TermsGround!
    $reason: String!
  ) {
    takeDownItem(itemType: $itemType, itemId: $itemId, ground: $ground, reason: $reason) {
      id
      success
    }
  }
`);

export const RestoreItemMutation = graphql(`
  mutation RestoreItem($itemType: ModeratedItemType!, $itemId: ID!, $reason: String) {
    restoreItem(itemType: $itemType, itemId: $itemId, reason: $reason) {
      id
      success
    }
  }
`);

export const DismissReportsMutation = graphql(`
  mutation DismissReports($itemType: ModeratedItemType!, $itemId: ID!, $note: String) {
    dismissReports(itemType: $itemType, itemId: $itemId, note: $note) {
      id
      success
    }
  }
`);

// An admin deletes an account at its owner's request (docs/account-deletion.md).
export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($input: DeleteAccountInput!) {
    deleteAccount(input: $input) {
      id
      success
    }
  }
`);

export const BlockUserMutation = graphql(`
  mutation BlockUser($id: ID!, $ground: TermsGround!, $reason: String!) {
    blockUser(id: $id, ground: $ground, reason: $reason) {
      id
      success
    }
  }
`);

export const UnblockUserMutation = graphql(`
  mutation UnblockUser($id: ID!, $reason: String) {
    unblockUser(id: $id, reason: $reason) {
      id
      success
    }
  }
`);
