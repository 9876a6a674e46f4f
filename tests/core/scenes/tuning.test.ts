import { describe, expect, it } from 'vitest';
import { Tuning } from '../../../scenes/kit/tuning.ts';
import { plinkoTuning } from '../../../scenes/plinko/tuning.ts';
import { diceTuning } from '../../../scenes/dice/tuning.ts';

// Scene tuning (scenes/kit/tuning.ts): the lab imports JSON into the live values only when every
// value is known and within its range, and the committed defaults lie within their own ranges.
describe('scene tuning', () => {
  const make = () => new Tuning('test', { speed: 1, count: 10 }, { speed: { min: 0.5, max: 2, step: 0.1, label: 'Speed' }, count: { min: 0, max: 20, step: 1, label: 'Count' } });

  it('applies a valid import and resets to the defaults', () => {
    const tuning = make();
    expect(tuning.apply({ speed: 1.5 })).toEqual([]);
    expect(tuning.values).toEqual({ speed: 1.5, count: 10 });
    tuning.reset();
    expect(tuning.values).toEqual({ speed: 1, count: 10 });
  });

  it('refuses an import with an unknown key or a value out of range, and changes nothing', () => {
    const tuning = make();
    expect(tuning.apply({ speed: 3, count: 5 })).toEqual(['"speed" must be a number from 0.5 to 2.']);
    expect(tuning.apply({ colour: 1 })).toEqual(['Unknown setting "colour".']);
    expect(tuning.apply({ count: '5' })).toEqual(['"count" must be a number from 0 to 20.']);
    expect(tuning.apply([1])).toEqual(['The file is not a JSON object.']);
    expect(tuning.values).toEqual({ speed: 1, count: 10 });
  });

  it('keeps the committed plinko and dice defaults within their ranges', () => {
    for (const tuning of [plinkoTuning, diceTuning] as Tuning<Record<string, number>>[]) {
      expect(tuning.apply(tuning.defaults), tuning.name).toEqual([]);
    }
  });
});
