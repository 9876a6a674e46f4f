import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, tune, verdictControls } from '../kit/tuning.ts';

// Limbo's tuning (scenes/kit/tuning.ts): how long the multiplier counts up (a base, more for each
// tenfold of the result, a ceiling, so 1.5× and 5,000× both feel quick), the verdict's pulse, the
// sparks of a win and the glow behind the number.

export const limboTuning = defineTuning('limbo', defaults, {
  countSeconds: tune.seconds('Count up, base', 2, 0.1),
  secondsPerDecade: tune.seconds('Count up per ×10', 1),
  maxCountSeconds: tune.range('Count up, longest (s)', 0.2, 4, 0.05),
  ...verdictControls(40),
});
