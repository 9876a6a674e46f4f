import { BlurFilter, Container, Graphics, Text, type Ticker } from 'pixi.js';
import type { Scene, SceneEnv } from '../core/Scene.ts';
import { TweenBag } from '../core/tweens.ts';
import { ParticleBurst } from '../core/particles.ts';
import { seededRandom } from '../core/random.ts';
import { COLOURS, textStyle } from '../core/style.ts';
import { BOARD, bucketX, pegX, pegY, validatePath } from './plinkoBoard.ts';
import { PlinkoPhysics, type PlinkoBall } from './PlinkoPhysics.ts';

// Plinko on pure black: pegs, buckets with their multipliers, and any number of balls in flight
// at once. Each play() drops one ball that follows the server's path peg by peg (PlinkoPhysics
// steers it; matter-js only makes it bounce) and resolves when the ball rests in the decided
// bucket, which then bounces and pops its multiplier.

export interface PlinkoResult {
  /** One step per row: 0 left, 1 right (the server's path). */
  path: number[];
  /** Σ path: the bucket, 0 = leftmost. */
  slot: number;
  multiplier: number;
}

export interface PlinkoSceneOptions {
  rows?: number;
  /** rows + 1 multipliers, left to right (the payout table of the chosen risk). */
  multipliers?: number[];
  seed?: number;
}

interface InFlight {
  ball: PlinkoBall;
  view: Graphics;
  result: PlinkoResult;
  resolve: () => void;
}

const BALL_COLOUR = 0xff3d7f;

/** Edge buckets pay most: red at the edges, amber towards the middle. */
export function bucketColour(slot: number, rows: number): number {
  const t = Math.abs(slot - rows / 2) / (rows / 2);
  const from = [255, 200, 61];
  const to = [255, 46, 84];
  const mix = from.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * t));
  return ((mix[0] ?? 0) << 16) | ((mix[1] ?? 0) << 8) | (mix[2] ?? 0);
}

export class PlinkoScene implements Scene<PlinkoResult> {
  readonly bundles = [] as const;
  private env: SceneEnv | null = null;
  private physics: PlinkoPhysics | null = null;
  private readonly root = new Container();
  private readonly board = new Container();
  private readonly pegs = new Graphics();
  private readonly flashes = new Container();
  private readonly buckets = new Container();
  /**
   * The buckets' glows share ONE blur pass: a filter per bucket meant 17 extra render passes every
   * frame at 16 rows, the largest cost of the scene on slow GPUs and software WebGL.
   */
  private readonly bucketGlows = new Container({ filters: [new BlurFilter({ strength: 6 })] });
  private readonly ballLayer = new Container();
  private readonly popups = new Container();
  private readonly particles = new ParticleBurst();
  private readonly tweens = new TweenBag();
  private readonly inFlight = new Map<number, InFlight>();
  private readonly random: () => number;
  private rows: number;
  private multipliers: number[];
  private destroyed = false;
  private readonly tick = (ticker: Ticker) => this.update(ticker);

  constructor(options: PlinkoSceneOptions = {}) {
    this.rows = options.rows ?? 16;
    this.multipliers = options.multipliers ?? Array.from({ length: this.rows + 1 }, () => 1);
    this.random = seededRandom(options.seed ?? 1);
  }

  /** Balls now in flight (the bench and the lab show it). */
  get ballsInFlight(): number {
    return this.inFlight.size;
  }

  mount(env: SceneEnv): void {
    this.env = env;
    this.board.addChild(this.pegs, this.flashes, this.bucketGlows, this.buckets, this.ballLayer, this.popups, this.particles.view);
    this.root.addChild(this.board);
    env.app.stage.addChild(this.root);
    env.app.ticker.add(this.tick);
    this.buildBoard();
    this.resize(env.width, env.height);
  }

  /** Changes rows or the payout table; balls still in flight land at once first. */
  setBoard(rows: number, multipliers: number[]): void {
    if (multipliers.length !== rows + 1) throw new RangeError(`${rows} rows need ${rows + 1} multipliers`);
    const rebuild = rows !== this.rows;
    this.rows = rows;
    this.multipliers = [...multipliers];
    if (!this.env) return;
    if (rebuild) {
      this.landAll();
      this.buildBoard();
      this.resize(this.env.app.screen.width, this.env.app.screen.height);
    } else this.drawBuckets();
  }

  resize(width: number, height: number): void {
    if (!this.physics) return;
    const g = this.physics.geometry;
    const scale = Math.min(width / g.width, height / (g.height + 10));
    this.board.scale.set(scale);
    this.board.position.set((width - g.width * scale) / 2, (height - g.height * scale) / 2 + 5 * scale);
  }

  play(result: PlinkoResult, signal: AbortSignal): Promise<void> {
    if (!this.env || !this.physics || this.destroyed || signal.aborted) return Promise.resolve();
    validatePath(result.path, result.slot);
    if (result.path.length !== this.rows) this.setBoard(result.path.length, this.multipliers.length === result.path.length + 1 ? this.multipliers : Array.from({ length: result.path.length + 1 }, () => 1));
    if (this.env.motion === 0) {
      this.celebrate(result);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const ball = this.physics!.addBall(result.path, result.slot, this.random() * 2 - 1);
      const view = new Graphics()
        .circle(0, 0, BOARD.ballRadius + 3)
        .fill({ color: BALL_COLOUR, alpha: 0.25 })
        .circle(0, 0, BOARD.ballRadius)
        .fill({ color: BALL_COLOUR })
        .circle(-2, -2.5, BOARD.ballRadius * 0.4)
        .fill({ color: 0xffffff, alpha: 0.7 });
      view.position.set(ball.body.position.x, ball.body.position.y);
      this.ballLayer.addChild(view);
      const flight: InFlight = { ball, view, result, resolve };
      this.inFlight.set(ball.id, flight);
      signal.addEventListener('abort', () => this.land(flight, false), { once: true });
    });
  }

  /** Skip: every ball in flight lands in its bucket now. */
  finish(): void {
    this.landAll();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const flight of [...this.inFlight.values()]) this.land(flight, false);
    this.tweens.dispose();
    this.env?.app.ticker.remove(this.tick);
    this.physics?.destroy();
    this.physics = null;
    this.particles.destroy();
    this.root.destroy({ children: true });
    this.env = null;
  }

  private landAll(): void {
    for (const flight of [...this.inFlight.values()]) this.land(flight, true);
  }

  private land(flight: InFlight, celebrate: boolean): void {
    if (!this.inFlight.delete(flight.ball.id)) return;
    this.physics?.removeBall(flight.ball);
    flight.view.destroy();
    if (celebrate && !this.destroyed) this.celebrate(flight.result);
    flight.resolve();
  }

  private update(ticker: Ticker): void {
    this.particles.update(ticker);
    for (const flash of [...this.flashes.children]) {
      flash.alpha -= 0.06 * ticker.deltaTime;
      if (flash.alpha <= 0) flash.destroy();
    }
    if (!this.physics || !this.inFlight.size) return;
    const events = this.physics.advance(ticker.deltaMS);
    for (const flight of this.inFlight.values()) flight.view.position.set(flight.ball.body.position.x, flight.ball.body.position.y);
    for (const hit of events.pegHits) {
      const g = this.physics.geometry;
      const flash = new Graphics().circle(0, 0, BOARD.pegRadius * 2.6).fill({ color: 0xffffff, alpha: 0.55 });
      flash.position.set(pegX(g, hit.row, hit.index), pegY(hit.row));
      this.flashes.addChild(flash);
      this.env?.sound.play('peg', { minGapMs: 40, rate: 0.9 + hit.row * 0.03, volume: 0.4 });
    }
    for (const ball of events.landed) {
      const flight = this.inFlight.get(ball.id);
      if (flight) this.land(flight, true);
    }
  }

  private celebrate(result: PlinkoResult): void {
    if (!this.physics) return;
    const g = this.physics.geometry;
    const bucket = this.buckets.children[result.slot];
    if (bucket) {
      bucket.y = 0;
      void this.tweens.fromTo(bucket, { y: 7 }, { y: 0, duration: 0.35, ease: 'bounce.out' });
    }
    const x = bucketX(g, result.slot);
    const colour = result.multiplier >= 1 ? COLOURS.win : 0xffffff;
    const pop = new Text({ text: `×${result.multiplier}`, style: textStyle(16, colour, '800') });
    pop.anchor.set(0.5);
    pop.position.set(x, g.bucketTop - 8);
    this.popups.addChild(pop);
    void this.tweens.to(pop, { y: g.bucketTop - 60, alpha: 0, duration: 0.9, ease: 'power2.out', onComplete: () => pop.destroy() });
    this.env?.sound.play(result.multiplier >= 10 ? 'bigWin' : 'land', { minGapMs: 60, volume: result.multiplier >= 1 ? 0.7 : 0.35 });
    if (result.multiplier >= 10 && this.env && this.env.motion > 0) this.particles.burst(x, g.bucketTop, bucketColour(result.slot, g.rows), 40, this.random, 5);
  }

  private buildBoard(): void {
    this.physics?.destroy();
    this.physics = new PlinkoPhysics(this.rows);
    const g = this.physics.geometry;
    this.pegs.clear();
    for (let row = 0; row < g.rows; row++) {
      for (let index = 0; index < row + 3; index++) {
        const x = pegX(g, row, index);
        const y = pegY(row);
        this.pegs.circle(x, y, BOARD.pegRadius + 2.5).fill({ color: 0xffffff, alpha: 0.08 });
        this.pegs.circle(x, y, BOARD.pegRadius).fill({ color: 0xe9ebff });
      }
    }
    this.flashes.removeChildren().forEach((c) => c.destroy());
    this.drawBuckets();
  }

  private drawBuckets(): void {
    if (!this.physics) return;
    const g = this.physics.geometry;
    this.buckets.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.bucketGlows.removeChildren().forEach((c) => c.destroy());
    for (let slot = 0; slot <= g.rows; slot++) {
      const colour = bucketColour(slot, g.rows);
      const bucket = new Container();
      const x = bucketX(g, slot);
      const w = BOARD.spacing - 5;
      this.bucketGlows.addChild(new Graphics().roundRect(x - w / 2, g.bucketTop + 4, w, g.floorY - g.bucketTop - 4, 6).fill({ color: colour, alpha: 0.5 }));
      const body = new Graphics()
        .roundRect(x - w / 2, g.bucketTop + 4, w, g.floorY - g.bucketTop - 4, 6)
        .fill({ color: colour })
        .roundRect(x - w / 2 + 2, g.bucketTop + 6, w - 4, 6, 3)
        .fill({ color: 0xffffff, alpha: 0.3 });
      const label = new Text({ text: `${this.multipliers[slot] ?? ''}`, style: textStyle(this.rows > 12 ? 10 : 12, 0x1a0b14, '800') });
      label.anchor.set(0.5);
      label.position.set(x, (g.bucketTop + g.floorY) / 2 + 3);
      bucket.addChild(body, label);
      this.buckets.addChild(bucket);
    }
  }
}
