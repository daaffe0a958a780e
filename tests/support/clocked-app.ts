import { inject } from 'vitest';
import { createAppContext, listenToCatalogueChanges } from '../../app/app';
import { SaleBoundaries } from '../../app/sale-boundaries';
import { buildServer } from '../../api/server';
import { projections } from '../../projections';
import { loadConfig } from '../../infra/config';
import { createDatabasePool } from '../../infra/db/pool';
import { createEventStore } from '../../infra/event-store/event-store-factory';
import { createLogger } from '../../infra/logger';
import { loadPersonalDataVault } from '../../infra/personal-data/key-source';
import { CatchUpRunner } from '../../infra/projection-engine/catch-up-runner';
import { freePort } from './free-port';

export type ClockedApp = { url: string; close(): Promise<void> };

/**
 * A second instance of the journeys' app, on its database and data folder, whose clock reads
 * `now()`: what the site shows at a later moment, without waiting for it (the int tests move the
 * app's clock the same way). It serves the web app and the API like any instance, keeps its
 * response cache exact by the catalogue notices and its sale-boundary timer, and runs no
 * projections or jobs (the journeys' app does), so it writes nothing the shared app's time would
 * not. Journeys only read through it.
 */
export async function startClockedApp(now: () => Date): Promise<ClockedApp> {
  const databaseUrl = inject('appDatabaseUrl');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: inject('appDataDir'),
    DATABASE_URL: databaseUrl,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
  const log = createLogger({ level: config.logLevel });
  const pool = await createDatabasePool(databaseUrl, { maxPoolSize: 4 });
  const store = createEventStore({
    inlineProjections: projections.filter((projection) => projection.mode === 'inline'),
    vault: await loadPersonalDataVault(config),
  });
  // Never started: the journeys' app runs the projections.
  const runner = new CatchUpRunner({ pool, store, projections, log, batchSize: 100, pollMs: 60_000 });
  const context = await createAppContext({ config, log, pool, store, runner });
  context.now = now;
  const boundaries = new SaleBoundaries(context);
  const changes = listenToCatalogueChanges(context, databaseUrl, () => void boundaries.rearm());
  await changes.start();
  await boundaries.start();
  const server = await buildServer(context);
  const address = await server.listen({ port: config.port, host: config.host });
  return {
    url: `http://localhost:${new URL(address).port}`,
    close: async () => {
      boundaries.stop();
      await changes.stop();
      await server.close();
      await context.database.stop();
      await pool.end();
    },
  };
}
