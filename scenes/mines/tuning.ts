import defaults from './tuning.json' with { type: 'json' };
import { defineTuning } from '../kit/tuning.ts';

// Mines' tuning (scenes/kit/tuning.ts): the flip of a tile, the pop and sparks of a gem, the blast
// of a mine, how the rest of the board turns over when it ends, and the gap between tiles.

export const minesTuning = defineTuning('mines', defaults, {
  flipSeconds: { min: 0.05, max: 0.8, step: 0.01, label: 'Flip (s)' },
  popScale: { min: 1, max: 1.6, step: 0.01, label: 'Gem pop scale' },
  gemSparks: { min: 0, max: 60, step: 1, label: 'Sparks on a gem' },
  mineSparks: { min: 0, max: 120, step: 1, label: 'Sparks on a mine' },
  shakePixels: { min: 0, max: 24, step: 1, label: 'Shake on a mine (px)' },
  revealStagger: { min: 0, max: 0.1, step: 0.005, label: 'End reveal stagger (s)' },
  dimAlpha: { min: 0.1, max: 1, step: 0.02, label: 'Tiles not picked (alpha)' },
  tileGap: { min: 0, max: 0.25, step: 0.01, label: 'Gap (share of a tile)' },
});
