import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, glowControls, tune } from '../kit/tuning.ts';

// The box reel's tuning (scenes/kit/tuning.ts): the spin and its landing, the winner's pop and glow,
// the sparks of a big win and its full-scene reveal (dropReveal.ts), the marker
// and band colours, the sound cues. The spin's
// length is the default of a normal opening; fast mode passes its own (BoxOpeningSceneOptions).

export const boxTuning = defineTuning('box', defaults, {
  spinSeconds: tune.seconds('Spin', 12, 1),
  reelStaggerSeconds: tune.seconds('Each next reel stops later by', 1),
  spinEase: tune.ease('Spin'),
  landingSpread: tune.range('Landing spread (card widths)', 0, 0.95, 0.05),
  minVisibleCards: tune.range('Cards across the reel, at least', 2, 6, 0.25),
  settleSeconds: tune.seconds('Settle onto the centre', 1.5),
  settleEase: tune.ease('Settle'),
  tickGapMs: tune.range('Least gap between ticks (ms)', 0, 200, 5),
  winnerPopScale: tune.range('Winner pop scale', 1, 1.5, 0.01),
  winnerScale: tune.range('Winner scale at rest', 1, 1.3, 0.01),
  popSeconds: tune.seconds('Winner pop', 2),
  popEase: tune.ease('Winner pop'),
  glowPulseSeconds: tune.seconds('Glow pulse', 2),
  glowPulseEase: tune.ease('Glow pulse'),
  ...glowControls(48),
  rareSparks: tune.count('Sparks on a big win', 200),
  epicSparks: tune.count('Sparks on a huge win', 200),
  legendarySparks: tune.count('Sparks on a mega win', 300),
  sparkSpeed: tune.range('Spark speed', 1, 20, 0.5),
  markerColour: tune.colour('Marker'),
  bandColour: tune.colour('Reel band'),
  bandAlpha: tune.range('Reel band opacity', 0, 1, 0.05),
  revealBackdrop: tune.colour('Reveal backdrop'),
  revealBackdropAlpha: tune.range('Reveal backdrop opacity', 0, 1, 0.05),
  revealFadeSeconds: tune.seconds('Reveal fade in', 2),
  revealPopSeconds: tune.seconds('Reveal picture pop', 2),
  revealPopEase: tune.ease('Reveal picture pop'),
  revealSeconds: tune.seconds('Reveal rays turning', 6),
  revealRaysTurn: tune.range('Reveal rays turn (radians)', 0, 3, 0.05),
  revealCountSeconds: tune.seconds('Reveal value count-up', 4),
  spinCue: tune.cue('Spin'),
  tickCue: tune.cue('Card tick'),
  winCue: tune.cue('Win'),
  bigWinCue: tune.cue('Big win (the reveal)'),
});
