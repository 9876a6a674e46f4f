// matter-js against plinko's own stepper (scenes/plinko/PlinkoPhysics.ts), per 1/60 s step, same run:
// the same 16-row board (its pegs as static bodies for matter-js) with the same number of balls in
// flight. Why plinko keeps its own physics is this ratio (docs/scenes.md "Big wins").
//   node_modules/.bin/node bench/scenes/physicsStep.ts [balls=20] [steps=600]
import Matter from 'matter-js';
import { PlinkoPhysics, STEP_MS } from '../../scenes/plinko/PlinkoPhysics.ts';
import { BOARD, boardGeometry, pegX, pegY } from '../../scenes/plinko/plinkoBoard.ts';

const ROWS = 16;
const balls = Number(process.argv[2] ?? 20);
const steps = Number(process.argv[3] ?? 600);

function path(seed: number): number[] {
  let x = seed * 2654435761;
  return Array.from({ length: ROWS }, () => ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 1);
}

function ownStepper(): number {
  const physics = new PlinkoPhysics(ROWS);
  for (let b = 0; b < balls; b++) {
    const p = path(b + 1);
    physics.addBall(p, p.reduce((a, c) => a + c, 0), (b % 7) / 7 - 0.5);
  }
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) {
    // Keep `balls` in flight: a landed ball is replaced by a new one.
    for (const ball of physics.balls.values()) {
      if (!ball.landed) continue;
      physics.removeBall(ball);
      const p = path(s + 1000);
      physics.addBall(p, p.reduce((a, c) => a + c, 0), 0);
    }
    physics.step();
  }
  const perStep = (performance.now() - t0) / steps;
  physics.destroy();
  return perStep;
}

function matterJs(): number {
  const g = boardGeometry(ROWS);
  const engine = Matter.Engine.create();
  const pegs: Matter.Body[] = [];
  for (let r = 0; r < ROWS; r++) for (let i = 0; i < r + 3; i++) pegs.push(Matter.Bodies.circle(pegX(g, r, i), pegY(r), BOARD.pegRadius, { isStatic: true }));
  Matter.Composite.add(engine.world, pegs);
  const drop = (k: number) => Matter.Bodies.circle(g.width / 2 + ((k % 7) / 7 - 0.5) * 10, 0, BOARD.ballRadius, { restitution: 0.4 });
  let live: Matter.Body[] = Array.from({ length: balls }, (_, k) => drop(k));
  Matter.Composite.add(engine.world, live);
  const bottom = pegY(ROWS) + 40;
  const t0 = performance.now();
  for (let s = 0; s < steps; s++) {
    const landed = live.filter((b) => b.position.y > bottom);
    if (landed.length) {
      Matter.Composite.remove(engine.world, landed);
      const fresh = landed.map((_, k) => drop(s + k));
      Matter.Composite.add(engine.world, fresh);
      live = live.filter((b) => !landed.includes(b)).concat(fresh);
    }
    Matter.Engine.update(engine, STEP_MS);
  }
  return (performance.now() - t0) / steps;
}

// Warm both up, then measure each three times, alternating.
ownStepper();
matterJs();
const own: number[] = [];
const matter: number[] = [];
for (let i = 0; i < 3; i++) {
  own.push(ownStepper());
  matter.push(matterJs());
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
const o = median(own);
const m = median(matter);
console.log(`balls ${balls}, steps ${steps}: plinko's stepper ${(o * 1000).toFixed(1)} µs/step, matter-js ${(m * 1000).toFixed(1)} µs/step, ratio ${(m / o).toFixed(1)}×`);
