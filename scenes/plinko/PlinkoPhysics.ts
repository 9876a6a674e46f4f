import { BOARD, boardGeometry, bucketX, pathPegX, pegX, pegY, slotAt, validatePath, type BoardGeometry } from './plinkoBoard.ts';
import { plinkoTuning } from './tuning.ts';

// The plinko board's physics, without rendering: balls that each follow their server path through
// static pegs, bucket walls and a floor. Physics decorates and never decides: before every step each
// ball is steered toward the next peg of its path (slightly offset to the decided side, so the real
// collision deflects it the right way), and near each peg row a hard corridor keeps it in its lane.
// So a ball always meets exactly the pegs of its path and settles in the decided bucket. Balls do not
// collide with each other (they would push one another off their paths).
//
// Written for this board rather than run through a general engine: a ball can only touch the pegs of
// the row it is passing, so each step looks at two or three pegs per ball by arithmetic. A general
// engine (matter-js, measured) sorts and sweeps all ~200 bodies of the board every step, three steps a
// frame: half of the scene's script time at 4× CPU throttling with 30 balls in flight; and building
// its bodies was most of the scene's mount (docs/performance.md, "Plinko's own physics"). The
// integration is the one the board was tuned with (velocity damped by air friction, then gravity,
// then the move); a contact pushes the ball out and bounces it with the larger restitution of the two
// bodies, without friction.

export const STEP_MS = 1000 / 60;

/** The most real time one frame catches up (a stalled tab does not fast-forward whole drops). */
const MAX_CATCH_UP_MS = 250;

/** Restitution of what a ball meets (a contact bounces with the larger of the two bodies'). */
const RESTITUTION = { peg: 0.5, wall: 0.3, floor: 0.35 } as const;
/** Bucket walls: 3 units wide, from the buckets' top to their floor. */
const WALL_HALF_WIDTH = 1.5;

export interface PlinkoBall {
  readonly id: number;
  readonly path: readonly number[];
  readonly slot: number;
  /** Centre and velocity (board units, units per step). */
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Pegs this ball touched, as "row:index" (the test checks they are exactly its path's pegs). */
  readonly pegHits: string[];
  landed: boolean;
  /** The bucket the ball actually settled in (set on landing). */
  landedSlot: number | null;
  /** Steps since it entered the buckets; it is reported landed when it has come to rest. */
  stepsInBucket: number;
  /** The peg it touched in the last step (row × 64 + index), or -1: a hit is reported when a contact starts. */
  touching: number;
}

export interface StepEvents {
  pegHits: { ball: PlinkoBall; row: number; index: number }[];
  landed: PlinkoBall[];
}

export class PlinkoPhysics {
  readonly geometry: BoardGeometry;
  readonly balls = new Map<number, PlinkoBall>();
  private live = true;
  private pending: StepEvents = { pegHits: [], landed: [] };
  private nextId = 1;
  private accumulator = 0;
  /** x of each bucket wall's centre line, left to right. */
  private readonly walls: number[] = [];
  private static liveBoards = 0;

  /** Boards created and not yet destroyed (the leak tests read it). */
  static get live(): number {
    return PlinkoPhysics.liveBoards;
  }

  constructor(rows: number) {
    this.geometry = boardGeometry(rows);
    PlinkoPhysics.liveBoards++;
    for (let j = 0; j <= rows + 1; j++) this.walls.push(this.geometry.centerX + (j - rows / 2 - 0.5) * BOARD.spacing);
  }

  /** Drops a ball that will follow `path` into `slot`. `jitter` in [-1, 1] varies the drop point for looks. */
  addBall(path: readonly number[], slot: number, jitter = 0): PlinkoBall {
    if (!this.live) throw new Error('PlinkoPhysics destroyed');
    if (path.length !== this.geometry.rows) throw new RangeError(`path has ${path.length} steps for ${this.geometry.rows} rows`);
    validatePath(path, slot);
    const g = this.geometry;
    const ball: PlinkoBall = {
      id: this.nextId++,
      path: [...path],
      slot,
      x: g.centerX + (path[0] === 1 ? 1 : -1) * 2 + jitter * 3,
      y: BOARD.top - 30,
      vx: 0,
      vy: 0,
      pegHits: [],
      landed: false,
      landedSlot: null,
      stepsInBucket: 0,
      touching: -1,
    };
    this.balls.set(ball.id, ball);
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
    if (events.pegHits.length || events.landed.length) this.pending = { pegHits: [], landed: [] };
    return events;
  }

  /** One fixed step: steer, move, bounce, keep to the lane, check landings. */
  step(): void {
    if (!this.live) return;
    // Read each step, so the scene lab's tuning applies to balls already falling.
    const { gravity, ballAirFriction, ballRestitution } = plinkoTuning.values;
    // The tuning's gravity is a scale of Δt² (as matter-js, which it was tuned with, reads it): units per step².
    const fall = gravity * STEP_MS * STEP_MS;
    const damping = 1 - ballAirFriction;
    for (const ball of this.balls.values()) {
      if (ball.landed) continue;
      this.steer(ball);
      ball.vx *= damping;
      ball.vy = ball.vy * damping + fall;
      ball.x += ball.vx;
      ball.y += ball.vy;
      this.collide(ball, ballRestitution);
      this.corridor(ball);
      this.checkLanded(ball);
    }
  }

  removeBall(ball: PlinkoBall): void {
    this.balls.delete(ball.id);
  }

  destroy(): void {
    if (!this.live) return;
    this.live = false;
    this.balls.clear();
    PlinkoPhysics.liveBoards--;
  }

  /** Index of the next peg row the ball has not yet passed (rows = it is past the last row). */
  private nextRow(ball: PlinkoBall): number {
    // The first row whose peg line is still more than 0.9 of a contact below the ball's centre.
    const passed = (ball.y + (BOARD.pegRadius + BOARD.ballRadius) * 0.9 - BOARD.top) / BOARD.rowGap;
    return Math.max(0, Math.min(this.geometry.rows, Math.floor(passed) + 1));
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
    // Aim a little to the decided side of the peg, so the collision itself throws the ball that way
    // (3.2 units: a ball perched on a peg rolls off at the pace the board was tuned with).
    return pathPegX(g, row, this.rightsBefore(ball, row)) + side * 3.2;
  }

  private steer(ball: PlinkoBall): void {
    const row = this.nextRow(ball);
    const target = this.targetX(ball, row);
    // Reach the target x in about the time left to fall to the next row.
    const rowY = row < this.geometry.rows ? pegY(row) : this.geometry.bucketTop;
    const fallSteps = Math.max(4, (rowY - ball.y) / Math.max(1.2, ball.vy));
    const desired = Math.max(-3, Math.min(3, (target - ball.x) / fallSteps));
    ball.vx += (desired - ball.vx) * 0.25;
  }

  /** Contacts with the pegs of the row the ball is passing, the bucket walls and the floor. */
  private collide(ball: PlinkoBall, ballRestitution: number): void {
    const g = this.geometry;
    const r = BOARD.ballRadius;
    let touching = -1;
    // Rows are 36 units apart and a contact reaches 11: only the nearest row's pegs can touch.
    const row = Math.round((ball.y - BOARD.top) / BOARD.rowGap);
    if (row >= 0 && row < g.rows && Math.abs(ball.y - pegY(row)) < r + BOARD.pegRadius) {
      const nearest = Math.round((ball.x - g.centerX) / BOARD.spacing + (row + 2) / 2);
      for (let index = Math.max(0, nearest - 1); index <= Math.min(row + 2, nearest + 1); index++) {
        if (this.bounceOffCircle(ball, pegX(g, row, index), pegY(row), BOARD.pegRadius, Math.max(ballRestitution, RESTITUTION.peg))) {
          const key = row * 64 + index;
          touching = key;
          // A hit is the start of a contact, as a physics engine's collision-start event.
          if (ball.touching !== key) this.hit(ball, row, index);
        }
      }
    }
    ball.touching = touching;
    if (ball.y + r > g.bucketTop) {
      const wall = Math.round((ball.x - this.walls[0]!) / BOARD.spacing);
      for (let j = Math.max(0, wall - 1); j <= Math.min(this.walls.length - 1, wall + 1); j++) {
        const x = this.walls[j]!;
        this.bounceOffBox(ball, x - WALL_HALF_WIDTH, g.bucketTop, x + WALL_HALF_WIDTH, g.floorY, Math.max(ballRestitution, RESTITUTION.wall));
      }
    }
    if (ball.y + r > g.floorY) this.bounceOffBox(ball, 0, g.floorY, g.width, g.floorY + 10, Math.max(ballRestitution, RESTITUTION.floor));
  }

  /** Pushes the ball out of a static circle and reflects its velocity into it; true if they touch. */
  private bounceOffCircle(ball: PlinkoBall, cx: number, cy: number, radius: number, restitution: number): boolean {
    const dx = ball.x - cx;
    const dy = ball.y - cy;
    const reach = BOARD.ballRadius + radius;
    const d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) return false;
    const d = Math.sqrt(d2) || 1e-6;
    this.resolve(ball, dx / d, dy / d, reach - d, restitution);
    return true;
  }

  /** The same against a static axis-aligned box. */
  private bounceOffBox(ball: PlinkoBall, x0: number, y0: number, x1: number, y1: number, restitution: number): void {
    const nx = Math.max(x0, Math.min(x1, ball.x));
    const ny = Math.max(y0, Math.min(y1, ball.y));
    const dx = ball.x - nx;
    const dy = ball.y - ny;
    const d2 = dx * dx + dy * dy;
    const r = BOARD.ballRadius;
    if (d2 >= r * r) return;
    if (d2 > 0) {
      const d = Math.sqrt(d2);
      this.resolve(ball, dx / d, dy / d, r - d, restitution);
      return;
    }
    // The centre is inside the box: out through the nearest side.
    const out = [ball.x - x0, x1 - ball.x, ball.y - y0, y1 - ball.y];
    const side = out.indexOf(Math.min(...out));
    const [ux, uy] = ([[-1, 0], [1, 0], [0, -1], [0, 1]] as const)[side]!;
    this.resolve(ball, ux, uy, out[side]! + r, restitution);
  }

  /** Out of the contact along its normal (nx, ny), and the velocity into it bounced back. */
  private resolve(ball: PlinkoBall, nx: number, ny: number, depth: number, restitution: number): void {
    ball.x += nx * depth;
    ball.y += ny * depth;
    const into = ball.vx * nx + ball.vy * ny;
    if (into >= 0) return;
    ball.vx -= (1 + restitution) * into * nx;
    ball.vy -= (1 + restitution) * into * ny;
  }

  private hit(ball: PlinkoBall, row: number, index: number): void {
    const key = `${row}:${index}`;
    if (!ball.pegHits.includes(key)) ball.pegHits.push(key);
    this.pending.pegHits.push({ ball, row, index });
  }

  /** Near a peg row, the ball stays in its own lane: within half a spacing of its path's peg. */
  private corridor(ball: PlinkoBall): void {
    const g = this.geometry;
    const row = this.nextRow(ball);
    const { x, y } = ball;
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
      ball.x = clamped;
      ball.vx *= -0.3;
    }
  }

  private checkLanded(ball: PlinkoBall): void {
    const g = this.geometry;
    if (ball.y < g.bucketTop) return;
    ball.stepsInBucket++;
    const resting = Math.abs(ball.vy) < 0.6 && ball.y > g.floorY - BOARD.ballRadius * 2;
    if (resting || ball.stepsInBucket > 90) {
      ball.landed = true;
      ball.landedSlot = slotAt(g, ball.x);
      this.pending.landed.push(ball);
    }
  }
}
