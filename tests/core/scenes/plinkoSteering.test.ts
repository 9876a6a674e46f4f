import { describe, expect, it } from 'vitest';
import { PlinkoPhysics } from '../../../scenes/plinko/PlinkoPhysics.ts';
import { seededRandom } from '../../../scenes/kit/random.ts';

// The plinko scene's physics, headless in Node (it is the same module the scene steps every frame):
// every ball must meet exactly the pegs of the server's path and come to rest in the decided slot.
// Runs here, not in the browser project, because 1,000 full drops are pure CPU work.

function randomPath(random: () => number, rows: number): number[] {
  return Array.from({ length: rows }, () => (random() < 0.5 ? 0 : 1));
}

function expectedPegs(path: readonly number[]): string[] {
  let rights = 0;
  return path.map((d, row) => {
    const key = `${row}:${rights + 1}`;
    rights += d;
    return key;
  });
}

describe('plinko steering physics', () => {
  it('lands 1,000 random paths (rows 8–16, many balls in flight) in their decided slots via their own pegs', () => {
    const random = seededRandom(20260521);
    let checked = 0;
    for (let rows = 8; rows <= 16; rows++) {
      const physics = new PlinkoPhysics(rows);
      const count = rows === 16 ? 1000 - 8 * 111 : 111;
      const balls = [];
      // Drop a ball every 6 steps so dozens are in flight together, as with auto-drop.
      for (let i = 0; i < count; i++) {
        const path = randomPath(random, rows);
        const slot = path.reduce((a, b) => a + b, 0);
        balls.push(physics.addBall(path, slot, random() * 2 - 1));
        for (let s = 0; s < 6; s++) physics.step();
      }
      for (let s = 0; s < 60 * 20 && balls.some((b) => !b.landed); s++) physics.step();
      for (const ball of balls) {
        expect(ball.landed, `ball ${ball.id} (rows ${rows}) never landed`).toBe(true);
        expect(ball.landedSlot, `path ${ball.path.join('')}`).toBe(ball.slot);
        expect(ball.pegHits, `path ${ball.path.join('')}`).toEqual(expectedPegs(ball.path));
        checked++;
      }
      physics.destroy();
    }
    expect(checked).toBe(1000);
    expect(PlinkoPhysics.live).toBe(0);
  });

  it('refuses a slot that does not match its path', () => {
    const physics = new PlinkoPhysics(8);
    expect(() => physics.addBall([1, 1, 1, 1, 0, 0, 0, 0], 3)).toThrow(RangeError);
    expect(() => physics.addBall([1, 1, 1], 3)).toThrow(RangeError);
    physics.destroy();
  });
});
