// Texts of the purchase history in the account area (spec 2.11).

export const accountMessages = {
  purchaseHistory: {
    title: 'Purchase History',
    description: 'Your orders with their status, date, items and total.',
    empty: 'You have not placed any orders yet.',
    explore: 'Explore skins',
    loading: 'Loading your orders...',
    loadFailed: 'Your orders could not be loaded. Check your connection and try again.',
    total: (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`,
    pagination: 'Pages of your orders',
    columns: {
      number: 'Order number',
      status: 'Status',
      created: 'Created',
      items: 'Items',
      total: 'Total',
    },
    paidWith: (method: string) => `Paid with ${method}`,
    paidOn: (date: string) => `Paid on ${date}`,
    gift: {
      to: (email: string) => `A gift to ${email}`,
      open: 'Not claimed yet',
      mailed: (date: string) => `Mail sent ${date}`,
      notMailed: 'Mailed once your payment has arrived and you have consented to the delivery',
      claimed: 'Claimed',
      claimedOn: (date: string) => `Claimed on ${date}`,
      ended: 'Ended',
      endedRefunded: 'Ended: the order was refunded',
      endedCancelled: 'Ended: the order was never paid',
      resend: 'Send the mail again',
      resent: 'The gift mail is on its way again.',
    },
  },
} as const;
