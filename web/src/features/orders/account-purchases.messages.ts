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
  },
} as const;
