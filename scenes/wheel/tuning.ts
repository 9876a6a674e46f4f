import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, tune } from '../kit/tuning.ts';

// The wheel's tuning (scenes/kit/tuning.ts): the turns and easing of a spin, the pointer's flick,
// the winning segment's pulse, the confetti, the chrome's colours, the sound cues. The spin's
// length is the round's (the server's WHEEL_SPIN_MS), and the segments and their colours are the
// game's (core/games/wheel.ts): neither is tuning.

export const wheelTuning = defineTuning('wheel', defaults, {
  turns: tune.range('Whole turns per spin', 1, 12, 1),
  // At most the middle half of a segment: landingRotation keeps the stop within ±MAX_LANDING_OFFSET.
  landingSpread: tune.range('Landing spread (segment widths)', 0, 0.5, 0.05),
  spinEase: tune.ease('Spin'),
  pulseSeconds: tune.seconds('Result pulse', 2),
  pulseScale: tune.range('Result pulse scale', 1, 2, 0.05),
  pulseEase: tune.ease('Result pulse'),
  pegFlick: tune.range('Pointer flick per peg (rad)', 0, 1, 0.01),
  flickDecay: tune.range('Pointer flick kept per frame', 0.5, 0.98, 0.01),
  confettiPerColour: tune.count('Confetti per colour on a win', 100),
  confettiSpeed: tune.range('Confetti speed', 1, 20, 0.5),
  dimAlpha: tune.range('Dim of the other colours', 0, 1, 0.01),
  rimColour: tune.colour('Rim'),
  rimEdgeColour: tune.colour('Rim edge'),
  rimEdgeAlpha: tune.range('Rim edge opacity', 0, 1, 0.05),
  hubColour: tune.colour('Hub'),
  pointerColour: tune.colour('Pointer'),
  outlineColour: tune.colour('Winning segment outline'),
  spinCue: tune.cue('Spin'),
  spinVolume: tune.range('Spin volume', 0, 1, 0.05),
  tickCue: tune.cue('Peg tick'),
  tickVolume: tune.range('Peg tick volume', 0, 1, 0.05),
  tickGapMs: tune.range('Least gap between ticks (ms)', 0, 200, 1),
  winCue: tune.cue('Win'),
  landCue: tune.cue('Land'),
});
