// npm run bench: prints the figures as JSON. Each part runs on a throw-away database.
import os from 'node:os';
import { openBenchDatabase } from './bench-database';
import { benchEventStore } from './event-store.bench';

const startedAt = new Date().toISOString();
const db = await openBenchDatabase();
try {
  const eventStore = await benchEventStore(db, { replayEvents: 100_000 });
  console.log(
    JSON.stringify(
      { startedAt, machine: { cpus: os.cpus().length, node: process.version }, eventStore },
      null,
      2,
    ),
  );
} finally {
  await db.close();
}
