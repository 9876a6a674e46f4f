import defaults from './tuning.json' with { type: 'json' };
import { defineTuning } from '../kit/tuning.ts';

// Plinko's tuning (scenes/kit/tuning.ts): the pace and the ball's physics. Pegs stay where the
// board geometry puts them; the steering test (tests/core/scenes/plinkoSteering.test.ts) holds for
// the committed defaults.

export const plinkoTuning = defineTuning('plinko', defaults, {
  pace: { min: 1, max: 6, step: 0.1, label: 'Pace (simulated s per real s)' },
  gravity: { min: 0.0003, max: 0.002, step: 0.00005, label: 'Gravity' },
  ballRestitution: { min: 0.1, max: 0.8, step: 0.01, label: 'Ball bounce' },
  ballAirFriction: { min: 0, max: 0.05, step: 0.001, label: 'Ball air friction' },
  flashFade: { min: 0.01, max: 0.3, step: 0.01, label: 'Peg flash fade per frame' },
});
