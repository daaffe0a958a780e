import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiReferencePages } from './api-reference';

const pages = apiReferencePages();

describe('the API reference in docs/api', () => {
  it.each(Object.keys(pages))('%s is what `npm run docs:api` writes from the schema today', (file) => {
    const committed = fs.readFileSync(path.resolve('docs', 'api', file), 'utf8');
    expect(committed, `docs/api/${file} is out of date: run npm run docs:api`).toBe(pages[file]);
  });

  it('lists each field under its scope, with its description', () => {
    expect(pages['authors.md']).toContain('## `sales:read`');
    expect(pages['authors.md']).toMatch(
      /- `earningsHistory\(site: Boolean = false, period: StatisticsPeriodInput\): \[EarningsHistoryEntry!\]!`: Items sold/,
    );
    expect(pages['players.md']).toContain('`skins(');
    expect(pages['players.md']).not.toContain('`refundOrder(');
    expect(pages['admins.md']).toContain('`refundOrder(');
    expect(pages['README.md']).toContain('`createApiToken`');
  });
});
