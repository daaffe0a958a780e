// npm run bench [-- event-store | skins-list]: prints the figures as JSON, on a throw-away database.
import os from 'node:os';
import { openBenchDatabase } from './bench-database';
import { benchEventStore } from './event-store.bench';
import { benchSkinsList } from './skins-list.bench';

const parts = process.argv.slice(2);
const wanted = (name: string) => parts.length === 0 || parts.includes(name);

const startedAt = new Date().toISOString();
const db = await openBenchDatabase();
try {
  const figures: Record<string, unknown> = {
    startedAt,
    machine: { cpus: os.cpus().length, node: process.version },
  };
  if (wanted('event-store')) figures.eventStore = await benchEventStore(db, { replayEvents: 100_000 });
  if (wanted('skins-list')) figures.skinsList = await benchSkinsList(db, { seconds: 10 });
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await db.close();
}
