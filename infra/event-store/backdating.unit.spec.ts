import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** Where back-dated history may come from: the demo seeding and importers; benches and tests build history too. */
const ALLOWED = [/^app\/demo\//, /^infra\/import\//, /^bench\//, /^tests\//, /\.spec\.ts$/];

describe('back-dated events', () => {
  it('are made only by the demo seeding, importers, benches and tests, never by request code', () => {
    const files = execFileSync(
      'git',
      ['grep', '--untracked', '-l', '-E', 'from .*event-store/backdating', '--', '*.ts', '*.tsx'],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
    const callers = files.filter((file) => !file.startsWith('infra/event-store/'));
    expect(callers.length).toBeGreaterThan(0);
    const importsValue = (file: string) =>
      execFileSync('git', ['grep', '--untracked', '-h', '-E', 'import \\{[^}]*\\bbackdated\\b', '--', file], {
        cwd: root,
        encoding: 'utf8',
      }).length > 0;
    const offenders = callers.filter(
      (file) => !ALLOWED.some((pattern) => pattern.test(file)) && safe(() => importsValue(file)),
    );
    expect(offenders).toEqual([]);
  });
});

function safe(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false; // git grep exits 1 when nothing matches: the file only imports the type
  }
}
