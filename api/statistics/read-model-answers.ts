import { sql } from 'slonik';
import { z } from 'zod';
import type { Queryable } from '../../infra/db/pool';

/**
 * Answers computed from a catch-up projection's tables, kept until the projection applies another
 * event: a projection writes its rows and its count of applied events in one transaction, so an
 * answer read at a count stays exact until the count changes. Requests asking the same at once
 * share one computation. For the few figures that must read many rows (the whole site's best
 * sellers of a year); a hit costs one primary-key read. A replay run beside the app (which may
 * end on the same count) shows here once the projection applies its next event.
 */
export class ReadModelAnswers {
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 200) {}

  async get<T>(db: Queryable, projection: string, key: string, compute: () => Promise<T>): Promise<T> {
    const applied = await db.maybeOneFirst(sql.type(z.object({ applied: z.number() }))`
      select events_applied as applied from projection_checkpoints where projection_name = ${projection}`);
    const entry = `${projection}@${applied ?? 'none'}:${key}`;
    let answer = this.answers.get(entry) as Promise<T> | undefined;
    if (answer) {
      // Most recently used last: the first entries are the ones to forget.
      this.answers.delete(entry);
    } else {
      answer = compute();
      answer.catch(() => this.answers.delete(entry));
    }
    this.answers.set(entry, answer);
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.maxEntries) break;
      this.answers.delete(oldest);
    }
    return answer;
  }
}
