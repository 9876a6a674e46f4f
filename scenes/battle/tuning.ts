import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, glowControls, tune } from '../kit/tuning.ts';

// The box battle's tuning (scenes/kit/tuning.ts): the reels' spin and landing, the glow of the
// landed cards, the winners' sparks, the tie-break coin's turns, the background, window and marker colours, the sound cues.
// Seat and team colours are the battle page's too, so they stay in BattleScene (SEAT_COLOURS).

export const battleTuning = defineTuning('battle', defaults, {
  spinSeconds: tune.seconds('Spin', 10, 1),
  columnStagger: tune.range('Each next reel spins longer by (share)', 0, 0.2, 0.01),
  spinEase: tune.ease('Spin'),
  landingSpread: tune.range('Landing spread (card heights)', 0, 0.95, 0.05),
  settleSeconds: tune.seconds('Settle onto the marker', 1.5),
  settleEase: tune.ease('Settle'),
  glowPulseSeconds: tune.seconds('Glow pulse', 2),
  glowPulseEase: tune.ease('Glow pulse'),
  ...glowControls(48),
  winnerSparks: tune.count('Sparks per winning seat', 300),
  sparkSpeed: tune.range('Spark speed', 1, 20, 0.5),
  coinFlips: tune.range('Tie-break coin: turns', 1, 12, 1),
  coinFlipSeconds: tune.seconds('Tie-break coin: one turn', 1.5, 0.05),
  backgroundColour: tune.colour('Background'),
  windowColour: tune.colour('Reel window'),
  markerColour: tune.colour('Marker line'),
  markerAlpha: tune.range('Marker line opacity', 0, 1, 0.05),
  spinCue: tune.cue('Spin'),
  roundCue: tune.cue('Round landed'),
  bigWinCue: tune.cue('Winner or epic drop'),
});
