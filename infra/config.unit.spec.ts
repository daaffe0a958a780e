import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './config';

describe('configuration', () => {
  it('runs with no environment at all: port 3000, ./.data, embedded database, demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/skins',
      DATABASE_URL: 'postgres://u:p@db:5432/skins',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/skins',
      databaseUrl: 'postgres://u:p@db:5432/skins',
      seedDemo: false,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(/PORT[\s\S]*SEED_DEMO/);
  });
});
