/** The "Notification mails" section of the account settings (the digest of unread notifications). */
export const notificationMailsMessages = {
  title: 'Notification mails',
  description:
    'A mail with your unread notifications: new skins and bundles from authors you follow, new versions of skins you own, price drops on your wishlist and your sales. Off unless you turn it on.',
  label: 'Send me a digest',
  options: { OFF: 'Off', DAILY: 'Daily', WEEKLY: 'Weekly' },
  hint: {
    OFF: 'No notification mails. The bell on the site still shows everything.',
    DAILY: 'At most one mail a day, only when there is something you have not read yet.',
    WEEKLY: 'At most one mail a week, only when there is something you have not read yet.',
  },
  unverified: 'Digests are only sent to a verified email address: confirm yours above first.',
  saved: {
    OFF: 'Notification mails are off.',
    DAILY: 'You will get a daily digest.',
    WEEKLY: 'You will get a weekly digest.',
  },
  failed: 'Your choice could not be saved. Try again.',
} as const;
