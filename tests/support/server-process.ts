import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import path from 'node:path';
import { freePort } from './free-port';
import type { SelfSignedCertificate } from './self-signed-certificate';

/** An HTTPS health check that trusts the given certificate alone. */
function healthyOverTls(url: string, certPem: string): Promise<boolean> {
  return new Promise((resolve) => {
    https
      .get(`${url}/api/health`, { ca: certPem }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

/**
 * The app as `npm start` runs it, in a process of its own, so its peak memory is its own. With a
 * certificate, it serves HTTPS and HTTP/2 at https://localhost.
 */
export async function startServer(
  db: { url: string },
  dataDir: string,
  env: Record<string, string> = {},
  tls?: SelfSignedCertificate,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-old-space-size=640', '--import', 'tsx', 'app/main.ts'], {
    cwd: path.resolve('.'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      // The server reads its configuration from the environment, as in production.
      ...process.env,
      NODE_ENV: 'production',
      VAT_ID: 'CZ12345679',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(tls
        ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile, PUBLIC_URL: `https://localhost:${port}` }
        : {}),
      ...env,
    },
  });
  const url = tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = tls
      ? await healthyOverTls(url, tls.certPem)
      : await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer within 180 s');
}

/** Stops a server that startServer started, and waits for it to exit. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
