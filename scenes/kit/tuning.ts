import { SOUND_CUES, type SoundCue } from './synth.ts';

// What a designer tunes in a scene (timings, easings, colours, glow, particle counts, physics
// constants, sound cues), as a typed object whose defaults live in scenes/<game>/tuning.json. A
// scene's tuning module is one `defineTuning` call over its JSON. Scenes read the live values at the
// moment they use them, and what they bake (glows, gauges) they bake again on `onChange`, so a change
// in the scene lab's panel shows on the next frame or play without a reload; the lab exports the
// values as the JSON that becomes the committed defaults (docs/scenes.md, "Tuning").

/** A number: a slider from `min` to `max`. */
export interface TuningRange {
  min: number;
  max: number;
  step: number;
  /** What the value means, in the designer's words (the panel's label). */
  label: string;
}

/** A colour, stored in the JSON as "#rrggbb" (read it with `colourOf`). */
export interface TuningColour {
  colour: true;
  label: string;
}

/** One of a list of names: an easing, a sound cue. */
export interface TuningChoice {
  options: readonly string[];
  label: string;
}

export type TuningControl = TuningRange | TuningColour | TuningChoice;
export type TuningValues = Record<string, number | string>;
export type TuningControls<T extends TuningValues> = { readonly [K in keyof T]: T[K] extends number ? TuningRange : TuningColour | TuningChoice };

/** The gsap easings a designer picks from (the ones the scenes use and their close relatives). */
export const EASINGS = [
  'none',
  'power1.out',
  'power2.out',
  'power3.out',
  'power4.out',
  'power1.in',
  'power2.in',
  'power2.inOut',
  'sine.out',
  'sine.inOut',
  'expo.out',
  'circ.out',
  'back.out(1.7)',
  'back.out(3)',
  'elastic.out(1.2, 0.2)',
  'bounce.out',
] as const;

/** Control builders, so a tuning module reads as a list of what each value is. */
export const tune = {
  range: (label: string, min: number, max: number, step: number): TuningRange => ({ min, max, step, label }),
  seconds: (label: string, max: number, min = 0): TuningRange => ({ min, max, step: 0.01, label: `${label} (s)` }),
  count: (label: string, max: number): TuningRange => ({ min: 0, max, step: 1, label }),
  colour: (label: string): TuningColour => ({ colour: true, label }),
  ease: (label: string): TuningChoice => ({ options: EASINGS, label: `${label} easing` }),
  cue: (label: string): TuningChoice => ({ options: SOUND_CUES, label: `${label} sound` }),
};

/** The glow behind a scene's highlight (a winning card, a marker, a number): its blur and strength. */
export function glowControls(maxBlur: number): { glowBlur: TuningRange; glowAlpha: TuningRange } {
  return { glowBlur: tune.range('Glow blur (px)', 0, maxBlur, 1), glowAlpha: tune.range('Glow strength', 0, 1, 0.05) };
}

/**
 * An instant game's verdict (dice, limbo): the pulse that lands the result, the sparks of a win
 * and the glow, named alike in every such scene so the lab's panels read alike.
 */
export function verdictControls(maxGlowBlur: number): { pulseSeconds: TuningRange; winSparks: TuningRange } & ReturnType<typeof glowControls> {
  return { pulseSeconds: tune.seconds('Verdict pulse', 1, 0.1), winSparks: tune.count('Sparks on a win', 80), ...glowControls(maxGlowBlur) };
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A tuning colour ("#rrggbb") as the number Pixi takes. */
export function colourOf(hex: string): number {
  return Number.parseInt(hex.slice(1), 16);
}

/** A tuning sound cue as the cue SceneSound plays (the JSON holds only names of SOUND_CUES). */
export function cueOf(name: string): SoundCue {
  return name as SoundCue;
}

function problem(key: string, control: TuningControl, value: unknown): string | null {
  if ('colour' in control) return typeof value === 'string' && HEX.test(value) ? null : `"${key}" must be a colour "#rrggbb".`;
  if ('options' in control) return typeof value === 'string' && control.options.includes(value) ? null : `"${key}" must be one of ${control.options.join(', ')}.`;
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= control.min && value <= control.max;
  return ok ? null : `"${key}" must be a number from ${control.min} to ${control.max}.`;
}

export class Tuning<T extends TuningValues> {
  /** The live values; scenes read them, the lab's panel writes them (then calls `changed`). */
  readonly values: T;
  readonly name: string;
  readonly defaults: Readonly<T>;
  readonly controls: TuningControls<T>;
  private readonly listeners = new Set<() => void>();

  constructor(name: string, defaults: Readonly<T>, controls: TuningControls<T>) {
    this.name = name;
    this.defaults = defaults;
    this.controls = controls;
    this.values = { ...defaults };
  }

  /** Calls `listener` after every change of the live values; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners that the live values changed (the panel writes them in place). */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  reset(): void {
    Object.assign(this.values, this.defaults);
    this.changed();
  }

  /**
   * Takes values from imported JSON. Every key must be known and every value valid for its control
   * (a number within its range, a "#rrggbb" colour, one of the choices); nothing changes when one
   * is not. Returns the problems (empty when applied).
   */
  apply(json: unknown): string[] {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return ['The file is not a JSON object.'];
    const input = json as Record<string, unknown>;
    const problems: string[] = [];
    for (const key of Object.keys(input)) if (!(key in this.defaults)) problems.push(`Unknown setting "${key}".`);
    for (const key of this.keys()) {
      const found = key in input ? problem(key, this.controls[key], input[key]) : null;
      if (found) problems.push(found);
    }
    if (problems.length) return problems;
    for (const key of this.keys()) if (key in input) this.values[key] = input[key] as T[keyof T & string];
    this.changed();
    return [];
  }

  keys(): (keyof T & string)[] {
    return Object.keys(this.defaults) as (keyof T & string)[];
  }

  /** The JSON the lab exports (the shape of tuning.json). */
  toJSON(): T {
    return { ...this.values };
  }
}

/** A scene's tuning: its name, its tuning.json (the committed defaults) and a control per value. */
export function defineTuning<T extends TuningValues>(name: string, defaults: T, controls: TuningControls<T>): Tuning<T> {
  return new Tuning(name, defaults, controls);
}
