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
  trending: {
    title: 'TRENDING SKINS',
    eyebrow: 'Most downloaded',
    more: 'All skins',
  },
  latest: {
    title: 'LATEST SKINS',
    eyebrow: 'Fresh from the garage',
    more: 'All skins',
  },
  purchaseThanks:
    'Thank you for your purchase! You should receive a mail confirmation with download link(s) in a few minutes.',
} as const;
