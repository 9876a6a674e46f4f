import Matter from 'matter-js';
import { BOARD, boardGeometry, bucketX, pathPegX, pegX, pegY, slotAt, validatePath, type BoardGeometry } from './plinkoBoard.ts';
import { plinkoTuning } from './tuning.ts';

// The plinko board in matter-js, without rendering: pegs, bucket walls, and balls that each follow
// their server path. Physics decorates and never decides: before every step each ball is steered
// toward the next peg of its path (slightly offset to the decided side, so the real collision
// deflects it the right way), and near each peg row a hard corridor keeps it in its lane. So a ball
// always meets exactly the pegs of its path and settles in the decided bucket. Balls do not collide
// with each other (they would push one another off their paths).

const { Engine, Bodies, Body, Composite, Events } = Matter;

export const STEP_MS = 1000 / 60;

/** The most real time one frame catches up (a stalled tab does not fast-forward whole drops). */
const MAX_CATCH_UP_MS = 250;

export interface PlinkoBall {
  readonly id: number;
  readonly path: readonly number[];
  readonly slot: number;
  readonly body: Matter.Body;
  /** Pegs this ball touched, as "row:index" (the test checks they are exactly its path's pegs). */
  readonly pegHits: string[];
  landed: boolean;
  /** The bucket the ball actually settled in (set on landing). */
  landedSlot: number | null;
  /** Steps since it entered the buckets; it is reported landed when it has come to rest. */
  stepsInBucket: number;
}

export interface StepEvents {
  pegHits: { ball: PlinkoBall; row: number; index: number }[];
  landed: PlinkoBall[];
}

const BALL_CATEGORY = 0x0002;
const BOARD_CATEGORY = 0x0001;

export class PlinkoPhysics {
  readonly geometry: BoardGeometry;
  readonly balls = new Map<number, PlinkoBall>();
  private engine: Matter.Engine | null;
  private readonly ballsByBody = new Map<number, PlinkoBall>();
  private readonly pegByBody = new Map<number, { row: number; index: number }>();
  private pending: StepEvents = { pegHits: [], landed: [] };
  private nextId = 1;
  private accumulator = 0;
  private static liveEngines = 0;

  /** Engines created and not yet destroyed (the leak tests read it). */
  static get live(): number {
    return PlinkoPhysics.liveEngines;
  }

  constructor(rows: number) {
    this.geometry = boardGeometry(rows);
    this.engine = Engine.create({ gravity: { x: 0, y: 1, scale: plinkoTuning.values.gravity }, enableSleeping: false });
    PlinkoPhysics.liveEngines++;
    const g = this.geometry;
    const statics: Matter.Body[] = [];
    const filter = { category: BOARD_CATEGORY, mask: BALL_CATEGORY };
    for (let row = 0; row < rows; row++) {
      for (let index = 0; index < row + 3; index++) {
        const peg = Bodies.circle(pegX(g, row, index), pegY(row), BOARD.pegRadius, { isStatic: true, restitution: 0.5, friction: 0, collisionFilter: filter, label: 'peg' });
        this.pegByBody.set(peg.id, { row, index });
        statics.push(peg);
      }
    }
    // Bucket walls under the last row's pegs, and the floor.
    for (let j = 0; j <= rows + 1; j++) {
      const x = g.centerX + (j - rows / 2 - 0.5) * BOARD.spacing;
      statics.push(Bodies.rectangle(x, (g.bucketTop + g.floorY) / 2, 3, g.floorY - g.bucketTop, { isStatic: true, restitution: 0.3, collisionFilter: filter, label: 'wall' }));
    }
    statics.push(Bodies.rectangle(g.centerX, g.floorY + 5, g.width, 10, { isStatic: true, restitution: 0.35, collisionFilter: filter, label: 'floor' }));
    Composite.add(this.engine.world, statics);
    Events.on(this.engine, 'collisionStart', this.onCollision);
  }

  /** Drops a ball that will follow `path` into `slot`. `jitter` in [-1, 1] varies the drop point for looks. */
  addBall(path: readonly number[], slot: number, jitter = 0): PlinkoBall {
    if (!this.engine) throw new Error('PlinkoPhysics destroyed');
    if (path.length !== this.geometry.rows) throw new RangeError(`path has ${path.length} steps for ${this.geometry.rows} rows`);
    validatePath(path, slot);
    const g = this.geometry;
    const x = g.centerX + (path[0] === 1 ? 1 : -1) * 2 + jitter * 3;
    const body = Bodies.circle(x, BOARD.top - 30, BOARD.ballRadius, {
      restitution: plinkoTuning.values.ballRestitution,
      friction: 0,
      frictionAir: plinkoTuning.values.ballAirFriction,
      density: 0.002,
      collisionFilter: { category: BALL_CATEGORY, mask: BOARD_CATEGORY },
      label: 'ball',
    });
    const ball: PlinkoBall = { id: this.nextId++, path: [...path], slot, body, pegHits: [], landed: false, landedSlot: null, stepsInBucket: 0 };
    this.balls.set(ball.id, ball);
    this.ballsByBody.set(body.id, ball);
    Composite.add(this.engine.world, body);
    return ball;
  }

  /**
   * Advances by `elapsedMs` of real time in fixed steps, `pace` times as much simulated time (the
   * tuning's pace, docs/scenes.md "Plinko pacing"); returns what happened (peg hits, balls at rest
   * in their bucket). The board runs in the same fixed steps at any pace, only more of them per
   * frame, so every path meets the same pegs (tests/core/scenes/plinkoSteering.test.ts counts steps).
   */
  advance(elapsedMs: number): StepEvents {
    // Catch up to a quarter second per frame, so balls keep their real-time pace on slow devices
    // (and software-rendered test browsers) instead of slowing down with the frame rate.
    const pace = plinkoTuning.values.pace;
    this.accumulator = Math.min(this.accumulator + elapsedMs * pace, MAX_CATCH_UP_MS * pace);
    while (this.accumulator >= STEP_MS) {
      this.step();
      this.accumulator -= STEP_MS;
    }
    const events = this.pending;
    this.pending = { pegHits: [], landed: [] };
    return events;
  }

  /** One fixed step: steer, integrate, check landings. */
  step(): void {
    if (!this.engine) return;
    // Read each step, so the scene lab's gravity applies to balls already falling.
    this.engine.gravity.scale = plinkoTuning.values.gravity;
    for (const ball of this.balls.values()) if (!ball.landed) this.steer(ball);
    Engine.update(this.engine, STEP_MS);
    for (const ball of this.balls.values()) {
      if (ball.landed) continue;
      this.corridor(ball);
      this.checkLanded(ball);
    }
  }

  removeBall(ball: PlinkoBall): void {
    if (!this.engine || !this.balls.delete(ball.id)) return;
    this.ballsByBody.delete(ball.body.id);
    Composite.remove(this.engine.world, ball.body);
  }

  destroy(): void {
    if (!this.engine) return;
    Events.off(this.engine, 'collisionStart', this.onCollision);
    Composite.clear(this.engine.world, false, true);
    Engine.clear(this.engine);
    this.engine = null;
    this.balls.clear();
    this.ballsByBody.clear();
    this.pegByBody.clear();
    PlinkoPhysics.liveEngines--;
  }

  /** Index of the next peg row the ball has not yet passed (rows = it is past the last row). */
  private nextRow(ball: PlinkoBall): number {
    const contact = BOARD.pegRadius + BOARD.ballRadius;
    const y = ball.body.position.y;
    for (let row = 0; row < this.geometry.rows; row++) if (y < pegY(row) - contact * 0.9) return row;
    return this.geometry.rows;
  }

  private rightsBefore(ball: PlinkoBall, row: number): number {
    let k = 0;
    for (let r = 0; r < row; r++) k += ball.path[r] ?? 0;
    return k;
  }

  private targetX(ball: PlinkoBall, row: number): number {
    const g = this.geometry;
    if (row >= g.rows) return bucketX(g, ball.slot);
    const side = ball.path[row] === 1 ? 1 : -1;
    // Aim a little to the decided side of the peg, so the collision itself throws the ball that way.
    return pathPegX(g, row, this.rightsBefore(ball, row)) + side * 2.5;
  }

  private steer(ball: PlinkoBall): void {
    const row = this.nextRow(ball);
    const target = this.targetX(ball, row);
    const { x } = ball.body.position;
    const { x: vx, y: vy } = ball.body.velocity;
    // Reach the target x in about the time left to fall to the next row.
    const rowY = row < this.geometry.rows ? pegY(row) : this.geometry.bucketTop;
    const fallSteps = Math.max(4, (rowY - ball.body.position.y) / Math.max(1.2, vy));
    const desired = Math.max(-3, Math.min(3, (target - x) / fallSteps));
    Body.setVelocity(ball.body, { x: vx + (desired - vx) * 0.25, y: vy });
  }

  /** Near a peg row, the ball stays in its own lane: within half a spacing of its path's peg. */
  private corridor(ball: PlinkoBall): void {
    const g = this.geometry;
    const row = this.nextRow(ball);
    const { x, y } = ball.body.position;
    let centre: number;
    let half: number;
    if (row < g.rows) {
      if (pegY(row) - y > BOARD.rowGap * 0.5) return;
      centre = pathPegX(g, row, this.rightsBefore(ball, row));
      half = BOARD.spacing / 2 - 1;
    } else {
      centre = bucketX(g, ball.slot);
      half = BOARD.spacing / 2 - BOARD.ballRadius - 2;
      if (y < g.bucketTop - BOARD.ballRadius) half = BOARD.spacing / 2 - 1;
    }
    const clamped = Math.max(centre - half, Math.min(centre + half, x));
    if (clamped !== x) {
      Body.setPosition(ball.body, { x: clamped, y });
      Body.setVelocity(ball.body, { x: ball.body.velocity.x * -0.3, y: ball.body.velocity.y });
    }
  }

  private checkLanded(ball: PlinkoBall): void {
    const g = this.geometry;
    if (ball.body.position.y < g.bucketTop) return;
    ball.stepsInBucket++;
    const resting = Math.abs(ball.body.velocity.y) < 0.6 && ball.body.position.y > g.floorY - BOARD.ballRadius * 2;
    if (resting || ball.stepsInBucket > 90) {
      ball.landed = true;
      ball.landedSlot = slotAt(g, ball.body.position.x);
      this.pending.landed.push(ball);
    }
  }

  private readonly onCollision = (event: Matter.IEventCollision<Matter.Engine>): void => {
    for (const pair of event.pairs) {
      const ball = this.ballsByBody.get(pair.bodyA.id) ?? this.ballsByBody.get(pair.bodyB.id);
      const peg = this.pegByBody.get(pair.bodyA.id) ?? this.pegByBody.get(pair.bodyB.id);
      if (!ball || !peg) continue;
      const key = `${peg.row}:${peg.index}`;
      if (!ball.pegHits.includes(key)) ball.pegHits.push(key);
      this.pending.pegHits.push({ ball, row: peg.row, index: peg.index });
    }
  };
}
