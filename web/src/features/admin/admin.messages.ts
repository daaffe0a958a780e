// Texts of the admin area (spec 2.13).
export const adminMessages = {
  eyebrow: 'Admin',
  dashboard: {
    title: 'Site Dashboard',
    description: 'Downloads, spending, charts and the top five lists of the whole site.',
    empty: 'There are no statistics yet.',
  },
  users: {
    title: 'Users',
    description: 'Registered users, with search.',
    empty: 'There are no users to show.',
    noMatch: (search: string) => `No user matches “${search}”.`,
    clearSearch: 'Clear search',
    search: 'Search users',
    searchPlaceholder: 'Username or email',
    searchHint: 'Type at least 3 characters.',
    loading: 'Loading users...',
    failed: 'The users could not be loaded. Reload the page to try again.',
    total: (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`,
    columns: {
      avatar: 'Avatar',
      username: 'Username',
      email: 'Email',
      country: 'Country',
      created: 'Created',
    },
    avatarAlt: (username: string) => `Avatar of ${username}`,
    pagination: 'Pages of users',
  },
  orders: {
    title: 'Orders',
    description: 'Every order, with search and a status filter.',
    empty: 'There are no orders to show.',
  },
  payouts: {
    title: 'Payouts',
    description: 'Author payouts by status. Lock a pending payout, send a locked one.',
    empty: 'There are no payouts to show.',
    detailTitle: (id: string) => `Payout ${id}`,
    back: 'Payouts',
    loading: 'Loading payout...',
  },
  comments: {
    title: 'Comments',
    description: 'The latest comments on skins and bundles.',
    empty: 'There are no comments yet.',
  },
  skins: {
    title: 'Skins',
    description: 'All skins of every author, with search and a game filter.',
    empty: 'There are no skins matching your search query.',
  },
  social: {
    title: 'Social media',
    description: 'Post a skin to Twitter and Instagram: write the message, pick the images, publish.',
    skin: 'Skin',
    author: 'Author',
    chooseFirst:
      'Choose what to post: open this page from the Instagram shortcut on a skin or an author card.',
  },
} as const;
