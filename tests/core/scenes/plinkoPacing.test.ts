import { describe, expect, it } from 'vitest';
import { PlinkoPhysics } from '../../../scenes/plinko/PlinkoPhysics.ts';
import { seededRandom } from '../../../scenes/kit/random.ts';

// Plinko's pace as the scene drives it (real frames of 1/60 s into advance()): a ball comes to rest
// in about 3 s on 16 rows, and proportionally sooner on fewer rows (docs/scenes.md, "Plinko pacing").

const FRAME_MS = 1000 / 60;

/** Median real seconds from the drop until the ball is reported landed, over `drops` random paths. */
function medianLandingSeconds(rows: number, drops: number, random: () => number): number {
  const seconds: number[] = [];
  for (let n = 0; n < drops; n++) {
    const physics = new PlinkoPhysics(rows);
    const path: number[] = Array.from({ length: rows }, () => (random() < 0.5 ? 0 : 1));
    const ball = physics.addBall(path, path.reduce((a, b) => a + b, 0), random() * 2 - 1);
    let frames = 0;
    while (!ball.landed && frames < 60 * 30) {
      physics.advance(FRAME_MS);
      frames++;
    }
    physics.destroy();
    seconds.push((frames * FRAME_MS) / 1000);
  }
  seconds.sort((a, b) => a - b);
  return seconds[Math.floor(drops / 2)]!;
}

describe('plinko pacing', () => {
  it('lands a ball in about 3 s on 16 rows and proportionally sooner on 8 and 12', () => {
    const random = seededRandom(3);
    const sixteen = medianLandingSeconds(16, 31, random);
    const twelve = medianLandingSeconds(12, 31, random);
    const eight = medianLandingSeconds(8, 31, random);
    expect(sixteen).toBeGreaterThan(2.5);
    expect(sixteen).toBeLessThan(3.5);
    // Time per row stays about the same: 8 rows take about half as long as 16, 12 about three quarters.
    expect(eight / sixteen).toBeGreaterThan(0.4);
    expect(eight / sixteen).toBeLessThan(0.7);
    expect(twelve / sixteen).toBeGreaterThan(0.65);
    expect(twelve / sixteen).toBeLessThan(0.9);
  });
});
