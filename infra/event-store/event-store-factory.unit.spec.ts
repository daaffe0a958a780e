import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('the event store factory', () => {
  it('is the only place the application constructs an event store (one upcaster registry)', () => {
    const found = execFileSync(
      'git',
      [
        'grep',
        '--untracked',
        '-l',
        '-F',
        'new EventStore(',
        '--',
        'api',
        'infra',
        'app',
        'projections',
        'bench',
        'web/src',
      ],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
    expect(found).toContain('infra/event-store/event-store-factory.ts');
    expect(found.filter((file) => !file.endsWith('.spec.ts'))).toEqual([
      'infra/event-store/event-store-factory.ts',
    ]);
  });
});
