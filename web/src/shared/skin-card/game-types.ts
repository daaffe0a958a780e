import type { GameType } from '../graphql/generated/graphql';

/** Spec 3: the games offered in the public filters, in this order; TM2020 is the default. */
export const PUBLIC_GAMES = ['TM2020', 'TMNF', 'TM_TURBO', 'TM2'] as const satisfies readonly GameType[];
export type PublicGame = (typeof PUBLIC_GAMES)[number];
export const DEFAULT_GAME: PublicGame = 'TM2020';

/** A readable name for each game and a short one for badges. */
export const gameNames: Record<GameType, { name: string; short: string }> = {
  TM2020: { name: 'Trackmania (2020)', short: 'TM2020' },
  TMNF: { name: 'Nations & United Forever', short: 'TMNF' },
  TM_TURBO: { name: 'Trackmania Turbo', short: 'Turbo' },
  TM2: { name: 'Trackmania²', short: 'TM²' },
  TMUF: { name: 'United Forever', short: 'TMUF' },
  TM_SUNRISE: { name: 'Trackmania Sunrise', short: 'Sunrise' },
  TM: { name: 'Trackmania (2003)', short: 'TM' },
};

export function isPublicGame(value: string | null | undefined): value is PublicGame {
  return (PUBLIC_GAMES as readonly string[]).includes(value ?? '');
}
