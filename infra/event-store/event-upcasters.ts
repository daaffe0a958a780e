/**
 * Old event shapes are upgraded when read, so deciders and projections only know the newest shape.
 * Register one step per schema version: `from` is the version the step accepts; the step returns
 * the data of version `from + 1` (and may rename the type, e.g. `SkinRated` → `SkinRated2`).
 */
export type UpcastStep = {
  type: string;
  from: number;
  upcast: (data: unknown) => { data: unknown; type?: string };
};

export class EventUpcasters {
  private readonly steps = new Map<string, UpcastStep>();

  constructor(steps: readonly UpcastStep[] = []) {
    for (const step of steps) this.register(step);
  }

  register(step: UpcastStep): this {
    const key = `${step.type}@${step.from}`;
    if (this.steps.has(key)) throw new Error(`Two upcasters for ${key}.`);
    this.steps.set(key, step);
    return this;
  }

  upcast(
    type: string,
    schemaVersion: number,
    data: unknown,
  ): { type: string; schemaVersion: number; data: unknown } {
    let current = { type, schemaVersion, data };
    for (let step = this.steps.get(`${type}@${schemaVersion}`); step;) {
      const next = step.upcast(current.data);
      current = {
        type: next.type ?? current.type,
        schemaVersion: current.schemaVersion + 1,
        data: next.data,
      };
      step = this.steps.get(`${current.type}@${current.schemaVersion}`);
    }
    return current;
  }
}
