import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSnapshotted, monthEndedBefore } from '../../infra/projection-engine/read-model-snapshots';
import { projections } from '../../projections';

/**
 * Each snapshotted projection's source as its snapshot version was last confirmed for. A changed
 * file fails here until someone decides: if the rows it writes for the same events changed, raise
 * its `snapshotVersion` (older snapshots are then never used); either way record the new digest.
 */
const confirmed: Record<string, { snapshotVersion: number; source: string }> = {
  'skin-downloads': { snapshotVersion: 1, source: '85e3f9233dc21bae' },
  'sales-statistics': { snapshotVersion: 1, source: '5facb76e9a5bf300' },
  'item-sales-by-source': { snapshotVersion: 1, source: '2dde463fb6aab624' },
  'event-activity': { snapshotVersion: 1, source: 'd0cf4f29124504f5' },
};

const sourceOf = (name: string) => readFileSync(`projections/${name}.projection.ts`, 'utf8');
const snapshotted = projections.filter(isSnapshotted);

describe('read-model snapshots', () => {
  it('are taken of projections whose version was confirmed for their current source', () => {
    const current = Object.fromEntries(
      snapshotted.map((projection) => [
        projection.name,
        {
          snapshotVersion: projection.snapshotVersion,
          source: createHash('sha256').update(sourceOf(projection.name)).digest('hex').slice(0, 16),
        },
      ]),
    );
    expect(current).toEqual(confirmed);
  });

  it('hold no table the account deletion scrubs: a snapshot never keeps what an erasure removed', () => {
    // The erasure rewrites live rows in place (docs/personal-data.md); a snapshot of such a table
    // would keep the person's data. The rebuild-from-snapshot property test checks the rows too.
    const erasure = sourceOf('personal-data-erasure');
    for (const table of snapshotted.flatMap((projection) => projection.tables)) {
      expect(erasure).not.toMatch(
        new RegExp(`(update|delete from|insert into|truncate)\\s+${table.name}\\b`),
      );
    }
  });

  it('are taken for the month that ended before the leader looks', () => {
    expect(monthEndedBefore(new Date('2026-11-01T00:00:00Z'))).toBe('2026-10-01');
    expect(monthEndedBefore(new Date('2026-11-30T23:59:59Z'))).toBe('2026-10-01');
    expect(monthEndedBefore(new Date('2027-01-15T12:00:00Z'))).toBe('2026-12-01');
  });
});
