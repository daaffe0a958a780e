// The demo's own accounts, apart from the seeding that creates them: main.ts prints them at start
// and the catalogue seeding reuses their password.

export const DEMO_PASSWORD = 'demo-password';

/** The demo accounts of the API contract, printed at start. */
export const demoAccounts = [
  {
    username: 'admin',
    email: 'admin@trackskins.local',
    country: 'cz',
    roles: ['regular', 'admin'],
    note: 'admin area',
  },
  {
    username: 'author',
    email: 'author@trackskins.local',
    country: 'de',
    roles: ['regular'],
    note: 'publishes skins',
  },
  {
    username: 'player',
    email: 'player@trackskins.local',
    country: 'fr',
    roles: ['regular'],
    note: 'browses and buys',
  },
] as const;
