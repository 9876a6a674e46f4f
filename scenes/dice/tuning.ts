import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, tune, verdictControls } from '../kit/tuning.ts';

// Dice's tuning (scenes/kit/tuning.ts): the roll's timeline (lift, slide, drop, pulse: the verdict
// at 0.8 s with the defaults; the Roll button does not wait for it, a new roll cuts it short), the
// sparks of a win and the marker's glow.

export const diceTuning = defineTuning('dice', defaults, {
  liftSeconds: tune.seconds('Lift', 0.5),
  slideSeconds: tune.seconds('Slide to the roll', 2, 0.2),
  dropSeconds: tune.seconds('Drop', 0.5),
  ...verdictControls(32),
});
