/** A candidate for a top list, with a bound its figure in any period never exceeds. */
export type Candidate = { id: number; bound: number };

/**
 * The `length` rows with the largest `value` in a period (ties by id), when each row's value in
 * any period is at most a bound kept beside it (a figure of all time). Candidates are read in order
 * of their bound, `batch` at a time, and their values summed, until the next candidate cannot reach
 * the last of the best found: a few hundred rows' periods instead of every row's.
 */
export async function topWithinBound<Row extends { id: number; value: number }>(options: {
  length: number;
  batch: number;
  /** The next `batch` candidates by bound, largest first then by id, after `after` (or from the first). */
  candidates(after: Candidate | null, batch: number): Promise<readonly Candidate[]>;
  /** The candidates' rows in the period; a candidate with nothing in it may be left out. */
  values(ids: readonly number[]): Promise<readonly Row[]>;
}): Promise<Row[]> {
  const { length, batch } = options;
  let best: Row[] = [];
  let after: Candidate | null = null;
  for (;;) {
    const candidates = await options.candidates(after, batch);
    if (candidates.length === 0) break;
    const rows = await options.values(candidates.map((c) => c.id));
    best = [...best, ...rows].sort((a, b) => b.value - a.value || a.id - b.id).slice(0, length);
    after = candidates[candidates.length - 1]!;
    if (candidates.length < batch) break;
    if (best.length === length && best[length - 1]!.value > after.bound) break;
  }
  return best;
}
