import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const tsx = path.resolve('node_modules/.bin/tsx');

/** One of the project's CLIs (`app/cli/<script>`) against a test database: its exit code and what it printed. */
export async function runCli(
  script: string,
  databaseUrl: string,
  args: readonly string[] = [],
): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(tsx, [`app/cli/${script}`, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}
