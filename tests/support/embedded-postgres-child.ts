// Starts the embedded PostgreSQL and waits forever: a test kills this process to leave the server behind.
import { startEmbeddedPostgres } from '../../infra/db/embedded-postgres';
import { createLogger } from '../../infra/logger';

const [dataDir, port] = process.argv.slice(2);
await startEmbeddedPostgres({
  dataDir: dataDir!,
  port: Number(port),
  log: createLogger({ level: 'silent' }),
});
console.log('ready');
setInterval(() => {}, 1 << 30);
