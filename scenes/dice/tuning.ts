import defaults from './tuning.json' with { type: 'json' };
import { defineTuning } from '../kit/tuning.ts';

// Dice's tuning (scenes/kit/tuning.ts): the roll's timeline (lift, slide, drop, pulse: under 1 s
// to the verdict with the defaults), the sparks of a win and the marker's glow.

export const diceTuning = defineTuning('dice', defaults, {
  liftSeconds: { min: 0, max: 0.5, step: 0.01, label: 'Lift (s)' },
  slideSeconds: { min: 0.2, max: 2, step: 0.01, label: 'Slide to the roll (s)' },
  dropSeconds: { min: 0, max: 0.5, step: 0.01, label: 'Drop (s)' },
  pulseSeconds: { min: 0.1, max: 1, step: 0.01, label: 'Verdict pulse (s)' },
  winSparks: { min: 0, max: 80, step: 1, label: 'Sparks on a win' },
  glowBlur: { min: 0, max: 32, step: 1, label: 'Glow blur (px)' },
  glowAlpha: { min: 0, max: 1, step: 0.05, label: 'Glow strength' },
});
