// Texts of the homepage (spec 2.5).
export const homeMessages = {
  hero: {
    welcome: 'WELCOME TO',
    findYourRide: 'FIND YOUR NEW RIDE',
    exploreSkins: 'Explore skins',
    gamesLabel: 'Skins for',
    games: ['Trackmania (2020)', 'Nations & United Forever', 'Trackmania Turbo', 'Trackmania²'],
  },
  tagline: {
    eyebrow: 'Join the grid',
    title: 'Made by players, for players',
    authorsTitle: 'For authors',
    authorsText:
      'Publish your skins and bundles, give them away or set a price and sell them. Your earnings are paid out by bank transfer or PayPal.',
    playersTitle: 'For players',
    playersText:
      'Download skins for your car, rate your favourites and comment on the work of the authors you love.',
    createAccount: 'Create an Account',
    publishSkin: 'Publish a skin',
  },
  skinOfTheMonth: {
    title: 'SKIN OF THE MONTH',
    eyebrow: 'Community pick',
    winnerOf: (month: string) => `Winner of ${month}`,
    loading: 'Loading the Skin of the Month...',
    by: 'by',
    votes: (count: number) => `${count} ${count === 1 ? 'vote' : 'votes'}`,
    viewSkin: 'View skin',
    noScreenshots: "The author didn't upload any screenshots for this skin.",
    inviteTitle: 'The first Skin of the Month is still open',
    inviteText:
      'Rate the skins you like: the best-rated skin wins, and its author gets the spotlight right here. The selection happens at the start of each month.',
    rateSkins: 'Rate skins',
  },
  // All-time downloads: named for what it is, so that "Trending this week" is the one trending list.
  trending: {
    title: 'MOST DOWNLOADED',
    eyebrow: 'All-time downloads',
    more: 'All skins by downloads',
  },
  trendingWeek: {
    title: 'TRENDING THIS WEEK',
    eyebrow: 'Downloads and votes of the last 7 days',
    more: 'All skins trending this week',
  },
  latest: {
    title: 'LATEST SKINS',
    eyebrow: 'Fresh from the garage',
    more: 'All skins',
  },
} as const;
