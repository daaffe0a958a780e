/**
 * Old event shapes are upgraded when read, so deciders and projections only know the newest shape.
 * Register one step per schema version: `from` is the version the step accepts; the step returns
 * the data of version `from + 1`. A step may rename the type (`renamesTo`), declared up front so
 * that a reader filtering stored rows by type can tell which stored names read as the one it wants.
 */
export type UpcastStep = {
  type: string;
  from: number;
  /** The type name the event has after this step, when the step renames it. */
  renamesTo?: string;
  upcast: (data: unknown) => unknown;
};

export type UpcastEvent = { type: string; schemaVersion: number; data: unknown };

export class EventUpcasters {
  private readonly steps = new Map<string, UpcastStep>();
  /** Types with any step: the others are returned as they are without building a key per event. */
  private readonly typesWithSteps = new Set<string>();

  constructor(steps: readonly UpcastStep[] = []) {
    for (const step of steps) this.register(step);
  }

  register(step: UpcastStep): this {
    const key = `${step.type}@${step.from}`;
    if (this.steps.has(key)) throw new Error(`Two upcasters for ${key}.`);
    this.steps.set(key, step);
    this.typesWithSteps.add(step.type);
    return this;
  }

  /** Whether any step starts from `type`: an event of another type reads as it is stored. */
  hasStepsFor(type: string): boolean {
    return this.typesWithSteps.has(type);
  }

  upcast(type: string, schemaVersion: number, data: unknown): UpcastEvent {
    // Most events on a replay's path: no step for their type at all.
    if (!this.typesWithSteps.has(type)) return { type, schemaVersion, data };
    let current = { type, schemaVersion, data };
    for (let step = this.steps.get(`${type}@${schemaVersion}`); step;) {
      current = {
        type: step.renamesTo ?? current.type,
        schemaVersion: current.schemaVersion + 1,
        data: step.upcast(current.data),
      };
      step = this.steps.get(`${current.type}@${current.schemaVersion}`);
    }
    return current;
  }

  /**
   * The stored type names whose events may read as one of `types`: the types themselves and every
   * type a chain of renaming steps leads from into one of them. It is a superset (a type may be
   * renamed away from a wanted name at a later version), so a reader that filters stored rows with
   * it checks the upcast type again.
   */
  storedTypesFor(types: readonly string[]): string[] {
    const found = new Set(types);
    for (let grew = true; grew;) {
      grew = false;
      for (const step of this.steps.values()) {
        if (step.renamesTo !== undefined && found.has(step.renamesTo) && !found.has(step.type)) {
          found.add(step.type);
          grew = true;
        }
      }
    }
    return [...found];
  }

  /** Whether any step is registered: without one, stored rows already have their read shape. */
  get isEmpty(): boolean {
    return this.steps.size === 0;
  }
}
