import type { GameType } from '../graphql/generated/graphql';

// Where a downloaded skin goes, game by game, as the installation guide shows it: the 2020 edition
// takes the .zip as it is in its car's folder (CarSport, the Stadium car) and uploads it in the
// Garage; the Forever games take the files extracted into Skins\Vehicles\Carcommon and apply them
// to the StadiumCar. For the other games the site knows no folder: the helper sends to the guide.

export const INSTALL_SYSTEMS = ['windows', 'onedrive', 'linux'] as const;
export type InstallSystem = (typeof INSTALL_SYSTEMS)[number];

export const installSystemNames: Record<InstallSystem, string> = {
  windows: 'Windows',
  onedrive: 'Windows with OneDrive',
  linux: 'Linux (Proton)',
};

export type InstallFolder = {
  /** The folder to open, as the system writes it (Windows: pasteable into File Explorer's address bar). */
  path: string;
  /** The game takes the .zip as it is, or its files extracted into the folder. */
  zip: 'keep' | 'extract';
  /** The car the skin is for, as the game names its model. */
  car: string;
};

/** The folder under Documents, segment by segment, for the games whose folder the site knows. */
const gameFolders: Partial<
  Record<GameType, { segments: readonly string[]; zip: 'keep' | 'extract'; car: string }>
> = {
  TM2020: { segments: ['Trackmania', 'Skins', 'Models', 'CarSport'], zip: 'keep', car: 'CarSport' },
  TMNF: { segments: ['TrackMania', 'Skins', 'Vehicles', 'Carcommon'], zip: 'extract', car: 'StadiumCar' },
  TMUF: { segments: ['TrackMania', 'Skins', 'Vehicles', 'Carcommon'], zip: 'extract', car: 'StadiumCar' },
};

/** The Documents folder on each system: Proton runs the game as `steamuser` inside its prefix. */
const documents: Record<InstallSystem, { root: string; separator: string }> = {
  windows: { root: '%USERPROFILE%\\Documents', separator: '\\' },
  onedrive: { root: '%USERPROFILE%\\OneDrive\\Documents', separator: '\\' },
  linux: {
    root: '~/.steam/steam/steamapps/compatdata/<game id>/pfx/drive_c/users/steamuser/Documents',
    separator: '/',
  },
};

/** Where a skin of this game goes on this system, or null when the site knows no folder for it. */
export function installFolder(game: GameType, system: InstallSystem): InstallFolder | null {
  const folder = gameFolders[game];
  if (!folder) return null;
  const { root, separator } = documents[system];
  return { path: [root, ...folder.segments].join(separator), zip: folder.zip, car: folder.car };
}
