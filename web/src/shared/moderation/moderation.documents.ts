import { graphql } from '../graphql/generated';

// docs/moderation.md: a signed-in user's report of a skin, bundle or comment, once per item.
export const ReportItemMutation = graphql(`
  mutation ReportItem($itemType: ModeratedItemType!, $itemId: ID!, $reason: ReportReason!, $text: String) {
    reportItem(itemType: $itemType, itemId: $itemId, reason: $reason, text: $text) {
      id
      success
    }
  }
`);

/** The signed-in user's own report of an item, if they made one ("Reported"). */
export const MyReportQuery = graphql(`
  query MyReport($itemType: ModeratedItemType!, $itemId: ID!) {
    myReport(itemType: $itemType, itemId: $itemId) {
      reason
      reportedAt
      status
    }
  }
`);
