// What a designer tunes in a scene (timings, physics constants, counts), as a typed object whose
// defaults live in scenes/<game>/tuning.json. Scenes read the live values at the moment they use
// them, so a change in the scene lab's panel shows on the next frame or play without a reload; the
// lab exports the values as the JSON that becomes the committed defaults (docs/scenes.md, "Tuning").

export interface TuningRange {
  min: number;
  max: number;
  step: number;
  /** What the value means, in the designer's words (the panel's label). */
  label: string;
}

export type TuningValues = Record<string, number>;

export class Tuning<T extends TuningValues> {
  /** The live values; scenes read them, the lab's panel writes them. */
  readonly values: T;
  readonly name: string;
  readonly defaults: Readonly<T>;
  readonly ranges: { readonly [K in keyof T]: TuningRange };

  constructor(name: string, defaults: Readonly<T>, ranges: { readonly [K in keyof T]: TuningRange }) {
    this.name = name;
    this.defaults = defaults;
    this.ranges = ranges;
    this.values = { ...defaults };
  }

  reset(): void {
    Object.assign(this.values, this.defaults);
  }

  /**
   * Takes values from imported JSON. Every known key must be a number within its range; nothing
   * changes when one is not. Returns the problems (empty when applied).
   */
  apply(json: unknown): string[] {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return ['The file is not a JSON object.'];
    const input = json as Record<string, unknown>;
    const problems: string[] = [];
    for (const key of Object.keys(input)) if (!(key in this.defaults)) problems.push(`Unknown setting "${key}".`);
    for (const key of Object.keys(this.defaults) as (keyof T & string)[]) {
      if (!(key in input)) continue;
      const value = input[key];
      const range = this.ranges[key];
      if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
        problems.push(`"${key}" must be a number from ${range.min} to ${range.max}.`);
      }
    }
    if (problems.length) return problems;
    for (const key of Object.keys(this.defaults) as (keyof T)[]) if (key in input) this.values[key] = input[key as string] as T[keyof T];
    return [];
  }

  /** The JSON the lab exports (the shape of tuning.json). */
  toJSON(): T {
    return { ...this.values };
  }
}
