// Texts of the install helper shown after a download (docs/web-skin-pages.md, "Install helper").
export const installMessages = {
  title: 'Where the file goes',
  system: 'Your system',
  folder: (game: string) => `Folder for ${game}`,
  copy: 'Copy path',
  copied: 'Copied',
  copyLabel: 'Copy the folder path',
  keepZip: (car: string) =>
    `Put the .zip there as it is (do not extract it); it is a skin for the ${car}. Then in the game open your profile, Garage, Upload skin and pick it.`,
  extractZip: (car: string) =>
    `Create the folder if it is missing and extract the zip's files into it. Then in the game choose Profile, Vehicles, ${car}, the skin, and 'Use model for all cars'.`,
  linuxNote: '<game id> is the game’s Steam id, the folder under compatdata that holds its Documents.',
  unknown: (game: string) => `The installation guide shows where a ${game} skin goes.`,
  guide: 'Installation guide',
  started: 'Download started',
  startedText: 'Your browser saves the zip in its downloads folder.',
} as const;
