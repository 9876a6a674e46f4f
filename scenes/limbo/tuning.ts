import defaults from './tuning.json' with { type: 'json' };
import { defineTuning } from '../kit/tuning.ts';

// Limbo's tuning (scenes/kit/tuning.ts): how long the multiplier counts up (a base, more for each
// tenfold of the result, a ceiling, so 1.5× and 5,000× both feel quick), the verdict's pulse, the
// sparks of a win and the glow behind the number.

export const limboTuning = defineTuning('limbo', defaults, {
  countSeconds: { min: 0.1, max: 2, step: 0.01, label: 'Count up, base (s)' },
  secondsPerDecade: { min: 0, max: 1, step: 0.01, label: 'Count up per ×10 (s)' },
  maxCountSeconds: { min: 0.2, max: 4, step: 0.05, label: 'Count up, longest (s)' },
  pulseSeconds: { min: 0.1, max: 1, step: 0.01, label: 'Verdict pulse (s)' },
  winSparks: { min: 0, max: 80, step: 1, label: 'Sparks on a win' },
  glowBlur: { min: 0, max: 40, step: 1, label: 'Glow blur (px)' },
  glowAlpha: { min: 0, max: 1, step: 0.05, label: 'Glow strength' },
});
