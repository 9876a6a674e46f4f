import { BitmapFontManager, BitmapText, Container, Particle, ParticleContainer, type Ticker } from 'pixi.js';
import type { SceneEnv } from '../kit/Scene.ts';
import { SceneLifecycle } from '../kit/SceneBase.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS, MIN_LABEL_PX, textStyle } from '../kit/style.ts';
import { ViewPool } from '../kit/viewPool.ts';
import { boardGeometry, bucketX, pegX, pegY, validatePath } from './plinkoBoard.ts';
import { PlinkoPhysics, type PlinkoBall } from './PlinkoPhysics.ts';
import { BUCKET, PlinkoTextureSet, type PlinkoTextures } from './plinkoTextures.ts';
import { plinkoTuning } from './tuning.ts';

// Plinko on pure black: pegs, buckets with their multipliers, and any number of balls in flight
// at once. Each play() drops one ball that follows the server's path peg by peg (PlinkoPhysics
// steers it and bounces it off the pegs) and resolves when the ball rests in the decided
// bucket, which then bounces and pops its multiplier.
//
// Drawing holds its frame rate with dozens of balls on slow devices and software WebGL
// (the history of bench/README.md, "Plinko frame time"): every shape is a texture baked once (plinkoTextures.ts),
// drawn as particles (one draw call and a one-texture shader per layer: Pixi's sprite batch shader
// picks among 16 textures per pixel, which software WebGL pays in full); no Graphics, no filter, no
// MSAA; nothing is created per frame: a peg hit relights that peg's flash, balls and multiplier
// pops are reused. Labels and pops are BitmapText: their glyphs are rasterised once into one shared
// atlas when the board is built, so neither the first pop of a multiplier nor a step of the drawing
// resolution (resolutionGovernor.ts) rasterises text in the middle of a play, as Text did.

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
  view: Particle;
  result: PlinkoResult;
  resolve: () => void;
}

/** Edge buckets pay most: red at the edges, amber towards the middle. */
function bucketColour(slot: number, rows: number): number {
  const t = Math.abs(slot - rows / 2) / (rows / 2);
  const from = [255, 200, 61];
  const to = [255, 46, 84];
  const mix = from.map((c, i) => Math.round(c + ((to[i] ?? c) - c) * t));
  return ((mix[0] ?? 0) << 16) | ((mix[1] ?? 0) << 8) | (mix[2] ?? 0);
}

const POP_STYLES = { win: textStyle(16, COLOURS.win, '800'), other: textStyle(16, 0xffffff, '800') };
/** The characters of every multiplier label and pop. */
const POP_GLYPHS = '×0123456789.';

/** One texture, many quads: `dynamic` lists what changes every frame (the rest uploads when particles come or go). */
const layer = (...dynamic: ('position' | 'color')[]) =>
  new ParticleContainer({ dynamicProperties: { position: dynamic.includes('position'), color: dynamic.includes('color') } });

// Not SceneBase's one-play template: balls fly side by side, each play() its own flight.
export class PlinkoScene extends SceneLifecycle<PlinkoResult> {
  /** Every shape is a pre-smoothed baked texture or text: MSAA would only double the GPU work. */
  readonly antialias = false;
  private physics: PlinkoPhysics | null = null;
  private textureSet: PlinkoTextureSet | null = null;
  private readonly board = new Container();
  private readonly pegs = layer();
  /** Lit peg flashes only; one particle per peg, [row][index], added on a hit and removed when faded. */
  private readonly flashes = layer('color');
  private pegFlashes: Particle[][] = [];
  private readonly bucketGlows = layer();
  /** Bucket bodies, their gloss and their labels: three layers that bounce together. */
  private readonly bucketBodies = layer('position');
  private readonly bucketShines = layer('position');
  private readonly labels = new Container();
  private readonly ballLayer = layer('position');
  private readonly spareBalls: Particle[] = [];
  /**
   * A render group of its own: a pop is shown and hidden with `visible`, which makes Pixi rebuild the
   * render instructions of the group it is in; here that is a handful of pops, not the whole board,
   * about twenty times a second with 10 drops a second.
   */
  private readonly popups = new Container({ isRenderGroup: true });
  /** Pops by text and colour, pooled. */
  private readonly pops = new Map<string, ViewPool<BitmapText>>();
  private readonly inFlight = new Map<number, InFlight>();
  private readonly random: () => number;
  private rows: number;
  private multipliers: number[];

  constructor(options: PlinkoSceneOptions = {}) {
    super();
    this.rows = options.rows ?? 16;
    this.multipliers = options.multipliers ?? Array.from({ length: this.rows + 1 }, () => 1);
    this.random = seededRandom(options.seed ?? 1);
  }

  /** Balls now in flight (the bench and the lab show it). */
  get ballsInFlight(): number {
    return this.inFlight.size;
  }

  /** Texels per board unit of the baked textures (they follow the board's on-screen size; the tests read it). */
  get textureResolution(): number {
    return this.textures?.peg.source.resolution ?? 0;
  }

  protected setup(env: SceneEnv): void {
    this.textureSet = new PlinkoTextureSet(this.texelsPerUnit(env.width, env.height));
    this.board.addChild(this.pegs, this.flashes, this.bucketGlows, this.bucketBodies, this.bucketShines, this.labels, this.ballLayer, this.popups, this.particles.view);
    this.root.addChild(this.board);
    this.buildBoard();
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
    const scale = this.boardScale(width, height);
    this.board.scale.set(scale);
    this.board.position.set((width - g.width * scale) / 2, (height - g.height * scale) / 2 + 5 * scale);
    this.fitLabels();
    if (this.textureSet?.setResolution(this.texelsPerUnit(width, height))) {
      for (const layer of [this.pegs, this.flashes, this.bucketGlows, this.bucketBodies, this.bucketShines, this.ballLayer]) layer.update();
    }
  }

  private boardScale(width: number, height: number): number {
    const g = boardGeometry(this.rows);
    return Math.min(width / g.width, height / (g.height + 10));
  }

  /** Texture resolution for the board's on-screen size: device pixels per board unit, rounded up to a quarter. */
  private texelsPerUnit(width: number, height: number): number {
    const devicePixels = this.boardScale(width, height) * (this.env?.app.renderer.resolution ?? 1);
    return Math.min(4, Math.max(0.5, Math.ceil(devicePixels * 4) / 4));
  }

  private get textures(): PlinkoTextures | null {
    return this.textureSet?.textures ?? null;
  }

  play(result: PlinkoResult, signal: AbortSignal): Promise<void> {
    if (!this.env || !this.physics || !this.textures || this.destroyed || signal.aborted) return Promise.resolve();
    validatePath(result.path, result.slot);
    if (result.path.length !== this.rows) this.setBoard(result.path.length, this.multipliers.length === result.path.length + 1 ? this.multipliers : Array.from({ length: result.path.length + 1 }, () => 1));
    if (this.env.motion === 0) {
      this.celebrate(result);
      return Promise.resolve();
    }
    const texture = this.textures.ball;
    return new Promise<void>((resolve) => {
      const ball = this.physics!.addBall(result.path, result.slot, this.random() * 2 - 1);
      const view = this.spareBalls.pop() ?? new Particle({ texture, anchorX: 0.5, anchorY: 0.5 });
      view.x = ball.x;
      view.y = ball.y;
      this.ballLayer.addParticle(view);
      const flight: InFlight = { ball, view, result, resolve };
      this.inFlight.set(ball.id, flight);
      signal.addEventListener('abort', () => this.land(flight, false), { once: true });
    });
  }

  /** Skip: every ball in flight lands in its bucket now. */
  override finish(): void {
    this.landAll();
  }

  /** Balls still in flight settle (their plays resolve) without a celebration. */
  protected override stop(): void {
    for (const flight of [...this.inFlight.values()]) this.land(flight, false);
  }

  protected override release(): void {
    this.physics?.destroy();
    this.physics = null;
    this.pops.clear();
    this.pegFlashes = [];
    this.spareBalls.length = 0;
    this.textureSet?.destroy();
    this.textureSet = null;
  }

  private landAll(): void {
    for (const flight of [...this.inFlight.values()]) this.land(flight, true);
  }

  private land(flight: InFlight, celebrate: boolean): void {
    if (!this.inFlight.delete(flight.ball.id)) return;
    this.physics?.removeBall(flight.ball);
    this.ballLayer.removeParticle(flight.view);
    this.spareBalls.push(flight.view);
    if (celebrate && !this.destroyed) this.celebrate(flight.result);
    flight.resolve();
  }

  /** Balls and peg flashes are particles: their motion is not a stage change Pixi reports. */
  protected override animating(): boolean {
    return super.animating() || this.inFlight.size > 0 || this.flashes.particleChildren.length > 0;
  }

  protected override update(ticker: Ticker): void {
    super.update(ticker);
    this.fadeFlashes(ticker.deltaTime);
    if (!this.physics || !this.inFlight.size) return;
    const events = this.physics.advance(ticker.deltaMS);
    for (const { view, ball } of this.inFlight.values()) {
      view.x = ball.x;
      view.y = ball.y;
    }
    for (const hit of events.pegHits) {
      const flash = this.pegFlashes[hit.row]?.[hit.index];
      if (flash) {
        if (flash.alpha <= 0) this.flashes.addParticle(flash);
        flash.alpha = 1;
      }
      this.env?.sound.play('peg', { minGapMs: 40, rate: 0.9 + hit.row * 0.03, volume: 0.4 });
    }
    for (const ball of events.landed) {
      const flight = this.inFlight.get(ball.id);
      if (flight) this.land(flight, true);
    }
  }

  private fadeFlashes(deltaTime: number): void {
    const lit = this.flashes.particleChildren as Particle[];
    if (!lit.length) return;
    for (const flash of lit) flash.alpha -= plinkoTuning.values.flashFade * deltaTime;
    if (lit.some((flash) => flash.alpha <= 0)) this.flashes.removeParticle(...lit.filter((flash) => flash.alpha <= 0));
  }

  private celebrate(result: PlinkoResult): void {
    if (!this.physics) return;
    const g = this.physics.geometry;
    this.bounceBucket(result.slot);
    const x = bucketX(g, result.slot);
    const pops = this.popPool(`×${result.multiplier}`, result.multiplier >= 1);
    const pop = pops.acquire();
    pop.alpha = 1;
    pop.position.set(x, g.bucketTop - 8);
    void this.tweens.to(pop, { y: g.bucketTop - 60, alpha: 0, duration: 0.9, ease: 'power2.out' }).then(() => {
      if (!this.destroyed) pops.release(pop);
    });
    this.env?.sound.play(result.multiplier >= 10 ? 'bigWin' : 'land', { minGapMs: 60, volume: result.multiplier >= 1 ? 0.7 : 0.35 });
    if (result.multiplier >= 10 && this.env && this.env.motion > 0) this.particles.burst(x, g.bucketTop, bucketColour(result.slot, g.rows), 40, this.random, 5);
  }

  /** The landing bucket dips and bounces back: body, gloss and label move together. */
  private bounceBucket(slot: number): void {
    const body = this.bucketBodies.particleChildren[slot];
    const shine = this.bucketShines.particleChildren[slot];
    const label = this.labels.children[slot];
    if (!body || !shine || !label || !this.physics) return;
    const rest = { body: this.bucketY(), label: this.labelY() };
    const offset = { y: 7 };
    const place = () => {
      body.y = shine.y = rest.body + offset.y;
      label.y = rest.label + offset.y;
    };
    place();
    void this.tweens.to(offset, { y: 0, duration: 0.35, ease: 'bounce.out', onUpdate: place });
  }

  private popPool(text: string, win: boolean): ViewPool<BitmapText> {
    const key = `${win ? 'win' : 'other'}${text}`;
    let pool = this.pops.get(key);
    if (!pool) {
      const style = win ? POP_STYLES.win : POP_STYLES.other;
      pool = new ViewPool(this.popups, () => new BitmapText({ text, style, anchor: 0.5 }));
      this.pops.set(key, pool);
    }
    return pool;
  }

  private buildBoard(): void {
    this.physics?.destroy();
    this.physics = new PlinkoPhysics(this.rows);
    const g = this.physics.geometry;
    const { peg, flash } = this.textures!;
    this.pegs.removeParticles();
    this.flashes.removeParticles();
    this.pegFlashes = [];
    for (let row = 0; row < g.rows; row++) {
      const flashes: Particle[] = [];
      for (let index = 0; index < row + 3; index++) {
        const at = { x: pegX(g, row, index), y: pegY(row), anchorX: 0.5, anchorY: 0.5 };
        this.pegs.addParticle(new Particle({ texture: peg, ...at }));
        flashes.push(new Particle({ texture: flash, alpha: 0, ...at }));
      }
      this.pegFlashes.push(flashes);
    }
    this.drawBuckets();
  }

  /** Centre y of a bucket at rest. */
  private bucketY(): number {
    return this.physics ? this.physics.geometry.bucketTop + 4 + BUCKET.height / 2 : 0;
  }

  private labelY(): number {
    return this.physics ? (this.physics.geometry.bucketTop + this.physics.geometry.floorY) / 2 + 3 : 0;
  }

  private drawBuckets(): void {
    if (!this.physics || !this.textures) return;
    const g = this.physics.geometry;
    const { bucket, bucketShine, bucketGlow } = this.textures;
    for (const layer of [this.bucketGlows, this.bucketBodies, this.bucketShines]) layer.removeParticles();
    this.labels.removeChildren().forEach((c) => c.destroy());
    const y = this.bucketY();
    const style = textStyle(this.rows > 12 ? 10 : 12, 0x1a0b14, '800');
    for (let slot = 0; slot <= g.rows; slot++) {
      const tint = bucketColour(slot, g.rows);
      const at = { x: bucketX(g, slot), y, anchorX: 0.5, anchorY: 0.5 };
      this.bucketGlows.addParticle(new Particle({ texture: bucketGlow, tint, alpha: 0.7, ...at }));
      this.bucketBodies.addParticle(new Particle({ texture: bucket, tint, ...at }));
      this.bucketShines.addParticle(new Particle({ texture: bucketShine, ...at }));
      this.labels.addChild(new BitmapText({ text: `${this.multipliers[slot] ?? ''}`, style, anchor: 0.5, x: at.x, y: this.labelY() }));
    }
    // Every glyph a pop or label can show, rasterised now rather than at the first pop of a play.
    for (const warm of [style, POP_STYLES.win]) BitmapFontManager.getFont(POP_GLYPHS, warm);
    this.fitLabels();
  }

  /**
   * The bucket labels never under MIN_LABEL_PX CSS px high, whatever the board's scale: a 16-row
   * board on a phone is drawn at ~0.4 and its 10-unit labels came out ~4 px. Where the grown label
   * is wider than its bucket it is narrowed to the bucket's width (its height stays).
   */
  private fitLabels(): void {
    const scale = this.board.scale.y;
    if (!scale) return;
    for (const label of this.labels.children as BitmapText[]) {
      label.scale.set(1);
      const grow = Math.max(1, MIN_LABEL_PX / (Number(label.style.fontSize) * scale));
      label.scale.set(Math.min(grow, (BUCKET.width - 2) / label.width), grow);
    }
  }
}
