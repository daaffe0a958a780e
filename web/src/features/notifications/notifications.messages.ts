// Texts of the notifications bell and page (docs/community.md, Notifications).
export const notificationsMessages = {
  bellLabel: (unread: number) =>
    unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`,
  title: 'Notifications',
  description:
    'What happened with the authors you follow, the items you wish for, your sales and your payouts.',
  empty: 'No notifications yet.',
  emptyHint: 'Follow authors and wish for skins to hear when something new comes out or gets cheaper.',
  explore: 'Explore skins',
  seeAll: 'See all notifications',
  loading: 'Loading notifications',
  loadFailed: 'Your notifications could not be loaded.',
  retry: 'Try again',
  unread: 'Unread',
  pagination: 'Notification pages',
  kinds: {
    NEW_ITEM: 'New from an author you follow',
    NEW_VERSION: 'New version',
    PRICE_DROP: 'Price drop',
    JOINED_BUNDLE: 'Joined a bundle',
    SALE: 'Sale',
    TAKEN_DOWN: 'Taken down',
    RESTORED: 'Restored',
    PAYOUT_SENT: 'Payout sent',
    WEBHOOK_PAUSED: 'Webhook paused',
    STATEMENT_OF_REASONS: 'Statement of reasons',
    APPEAL_DECIDED: 'Appeal answered',
    REPORT_RECEIVED: 'Report received',
    REPORT_RESOLVED: 'Report answered',
  },
} as const;
