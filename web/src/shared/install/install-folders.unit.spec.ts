import { describe, expect, it } from 'vitest';
import { installFolder } from './install-folders';

describe('installFolder', () => {
  it("puts a 2020 skin's zip, as it is, into Documents\\Trackmania\\Skins\\Models\\CarSport", () => {
    expect(installFolder('TM2020', 'windows')).toEqual({
      path: '%USERPROFILE%\\Documents\\Trackmania\\Skins\\Models\\CarSport',
      zip: 'keep',
      car: 'CarSport',
    });
    expect(installFolder('TM2020', 'onedrive')?.path).toBe(
      '%USERPROFILE%\\OneDrive\\Documents\\Trackmania\\Skins\\Models\\CarSport',
    );
    expect(installFolder('TM2020', 'linux')?.path).toBe(
      '~/.steam/steam/steamapps/compatdata/<game id>/pfx/drive_c/users/steamuser/Documents/Trackmania/Skins/Models/CarSport',
    );
  });

  it('extracts a Forever skin into Skins\\Vehicles\\Carcommon, for the StadiumCar', () => {
    for (const game of ['TMNF', 'TMUF'] as const) {
      expect(installFolder(game, 'windows')).toEqual({
        path: '%USERPROFILE%\\Documents\\TrackMania\\Skins\\Vehicles\\Carcommon',
        zip: 'extract',
        car: 'StadiumCar',
      });
    }
  });

  it('knows no folder for the games the installation guide does not cover', () => {
    for (const game of ['TM2', 'TM_TURBO', 'TM_SUNRISE', 'TM'] as const) {
      expect(installFolder(game, 'windows')).toBeNull();
    }
  });
});
