import type { Config } from '../infra/config';
import type { DatabasePool } from '../infra/db/pool';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logger';
import type { CatchUpRunner } from '../infra/projection-engine/catch-up-runner';

/** What the API's features are given: built once at start (infra/main.ts) or per test. */
export type AppContext = {
  config: Config;
  log: Logger;
  pool: DatabasePool;
  store: EventStore;
  runner: CatchUpRunner;
  startedAt: number;
};
