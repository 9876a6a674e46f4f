import Matter from 'matter-js';
import { COIN_SIZE, drawPiece, type Piece } from './coinArt.ts';

// The burst, fall and pile of a big win's coins with matter-js (loaded only by bigWinMoment.ts when
// a big win happens). Bodies rest on the scene's floor between two walls; the loop stops when every
// body sleeps (or after MAX_STEPS of simulated time), leaving its last frame drawn: nothing runs after
// the pile settles. The cap counts steps, not wall time, so a slow device still sees the coins land.

const MAX_STEPS = 600;
const STEP_MS = 1000 / 60;

export interface PileOptions {
  width: number;
  height: number;
  count: number;
  piece: Piece;
}

export function burstAndPile(ctx: CanvasRenderingContext2D, { width, height, count, piece }: PileOptions): Promise<void> {
  const engine = Matter.Engine.create({ enableSleeping: true, gravity: { x: 0, y: 1, scale: 0.0012 } });
  const wall = { isStatic: true, friction: 0.6 };
  Matter.Composite.add(engine.world, [
    Matter.Bodies.rectangle(width / 2, height + 25, width * 2, 50, wall),
    Matter.Bodies.rectangle(-25, height / 2, 50, height * 4, wall),
    Matter.Bodies.rectangle(width + 25, height / 2, 50, height * 4, wall),
  ]);
  const r = COIN_SIZE / 2;
  const pieces = Array.from({ length: count }, (_, i) => {
    const body = piece === 'coin'
      ? Matter.Bodies.circle(width / 2 + (Math.random() - 0.5) * 40, height * 0.45, r, { restitution: 0.35, friction: 0.5, frictionAir: 0.01 })
      : Matter.Bodies.polygon(width / 2 + (Math.random() - 0.5) * 40, height * 0.45, 4, r, { restitution: 0.3, friction: 0.6, frictionAir: 0.01 });
    // Up and out from the middle, some higher than others, as a burst.
    const spread = (i / Math.max(1, count - 1) - 0.5) * 2;
    // About a third of a scene's height at most above the middle, at this gravity.
    Matter.Body.setVelocity(body, { x: spread * 6 + (Math.random() - 0.5) * 2, y: -4 - Math.random() * 5 });
    Matter.Body.setAngularVelocity(body, (Math.random() - 0.5) * 0.4);
    return body;
  });
  Matter.Composite.add(engine.world, pieces);

  const draw = () => {
    ctx.clearRect(0, 0, width, height);
    for (const b of pieces) drawPiece(ctx, piece, b.position.x, b.position.y, b.angle);
  };
  return new Promise((resolve) => {
    let last = performance.now();
    let stepped = 0;
    const frame = (now: number) => {
      // Taken away by the next play: stop here.
      if (!ctx.canvas.isConnected) {
        Matter.Engine.clear(engine);
        return resolve();
      }
      // Fixed steps for the time that passed (at most 8 a frame): the same fall on a slow frame.
      const steps = Math.min(8, Math.max(1, Math.round((now - last) / STEP_MS)));
      last = now;
      for (let s = 0; s < steps; s++) Matter.Engine.update(engine, STEP_MS);
      stepped += steps;
      draw();
      const settled = pieces.every((b) => b.isSleeping) || stepped >= MAX_STEPS;
      if (settled) {
        Matter.Engine.clear(engine);
        return resolve();
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
