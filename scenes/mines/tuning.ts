import defaults from './tuning.json' with { type: 'json' };
import { defineTuning, tune } from '../kit/tuning.ts';

// Mines' tuning (scenes/kit/tuning.ts): the flip of a tile, the pop and sparks of a gem, the blast
// of a mine, how the rest of the board turns over when it ends, and the gap between tiles.

export const minesTuning = defineTuning('mines', defaults, {
  flipSeconds: tune.seconds('Flip', 0.8, 0.05),
  popScale: tune.range('Gem pop scale', 1, 1.6, 0.01),
  gemSparks: tune.count('Sparks on a gem', 60),
  mineSparks: tune.count('Sparks on a mine', 120),
  shakePixels: tune.count('Shake on a mine (px)', 24),
  revealStagger: tune.range('End reveal stagger (s)', 0, 0.1, 0.005),
  dimAlpha: tune.range('Tiles not picked (alpha)', 0.1, 1, 0.02),
  tileGap: tune.range('Gap (share of a tile)', 0, 0.25, 0.01),
});
