import { describe, expect, it } from 'vitest';
import { defineTuning, Tuning, tune, type TuningValues } from '../../../scenes/kit/tuning.ts';

// Scene tuning (scenes/kit/tuning.ts): the lab imports JSON into the live values only when every
// value is known and valid for its control, listeners hear every change, and every scene has a
// tuning.json whose committed values are valid for its tuning module's controls.

const modules = import.meta.glob<Record<string, unknown>>(['../../../scenes/*/tuning.ts', '!../../../scenes/kit/**'], { eager: true });
const jsons = import.meta.glob<unknown>('../../../scenes/*/tuning.json', { eager: true, import: 'default' });
/** Every scene folder (one with a *Scene.ts), by name. */
const sceneFolders = Object.keys(import.meta.glob(['../../../scenes/*/*Scene.ts', '!../../../scenes/kit/**'])).map((path) => path.split('/').at(-2)!);
const folder = (path: string) => path.split('/').at(-2)!;

describe('scene tuning', () => {
  const make = () =>
    defineTuning('test', { speed: 1, count: 10, tint: '#ff0000', ease: 'power2.out' }, {
      speed: tune.range('Speed', 0.5, 2, 0.1),
      count: tune.count('Count', 20),
      tint: tune.colour('Tint'),
      ease: tune.ease('Move'),
    });

  it('applies a valid import, tells the listeners, and resets to the defaults', () => {
    const tuning = make();
    let heard = 0;
    const stop = tuning.onChange(() => heard++);
    expect(tuning.apply({ speed: 1.5, tint: '#00ff00', ease: 'bounce.out' })).toEqual([]);
    expect(tuning.values).toEqual({ speed: 1.5, count: 10, tint: '#00ff00', ease: 'bounce.out' });
    expect(heard).toBe(1);
    tuning.reset();
    expect(tuning.values).toEqual({ speed: 1, count: 10, tint: '#ff0000', ease: 'power2.out' });
    expect(heard).toBe(2);
    stop();
    tuning.changed();
    expect(heard).toBe(2);
  });

  it('refuses an import with an unknown key or an invalid value, and changes nothing', () => {
    const tuning = make();
    let heard = 0;
    tuning.onChange(() => heard++);
    expect(tuning.apply({ speed: 3, count: 5 })).toEqual(['"speed" must be a number from 0.5 to 2.']);
    expect(tuning.apply({ colour: 1 })).toEqual(['Unknown setting "colour".']);
    expect(tuning.apply({ count: '5' })).toEqual(['"count" must be a number from 0 to 20.']);
    expect(tuning.apply({ tint: 'red' })).toEqual(['"tint" must be a colour "#rrggbb".']);
    expect(tuning.apply({ ease: 'wobbly' })[0]).toMatch(/^"ease" must be one of none, power1.out/);
    expect(tuning.apply([1])).toEqual(['The file is not a JSON object.']);
    expect(tuning.values).toEqual(tuning.defaults);
    expect(heard).toBe(0);
  });

  it('gives every scene a tuning.json and a tuning module over it', () => {
    expect(sceneFolders.sort()).toEqual(['battle', 'box-opening', 'crash', 'dice', 'limbo', 'mines', 'plinko', 'upgrade', 'wheel']);
    expect(Object.keys(jsons).map(folder).sort()).toEqual(sceneFolders);
    expect(Object.keys(modules).map(folder).sort()).toEqual(sceneFolders);
  });

  for (const [path, module] of Object.entries(modules)) {
    it(`keeps the committed ${folder(path)} defaults valid for its controls`, () => {
      const tunings = Object.values(module).filter((v): v is Tuning<TuningValues> => v instanceof Tuning);
      expect(tunings).toHaveLength(1);
      const tuning = tunings[0]!;
      const json = jsons[path.replace(/\.ts$/, '.json')];
      expect(tuning.defaults).toEqual(json);
      // A control for every value and no more, and the JSON valid against them.
      expect(Object.keys(tuning.controls).sort()).toEqual(Object.keys(json as object).sort());
      expect(tuning.apply(json), tuning.name).toEqual([]);
      expect(tuning.toJSON()).toEqual(json);
    });
  }
});
