import { Container, Sprite } from 'pixi.js';
import { CanvasTexture, cssColour, polygon, roundRect, softDisc, disc } from '../kit/bakedTexture.ts';
import type { SceneEnv } from '../kit/Scene.ts';
import { SceneBase } from '../kit/SceneBase.ts';
import type { PlayRun } from '../kit/playControl.ts';
import { seededRandom } from '../kit/random.ts';
import { COLOURS } from '../kit/style.ts';
import { minesTuning } from './tuning.ts';

// Mines: the 5×5 board. Each play shows the board as the server answered it: the tiles newly
// revealed flip one after another (a gem pops with sparks, a mine blasts and shakes the board), and
// when the board has ended the rest turns over dimmed, so the player's own tiles stay bright. The
// scene keeps what it has drawn, so a play animates only what changed since the last one. It takes
// no pointer input (scenes/kit: no event system): the page lays its own buttons over the tiles, one
// per cell of the same square. Three tile faces are baked once on a 2D canvas (antialias = false).

export const MINES_GRID = 5;
const TILES = MINES_GRID * MINES_GRID;
/** Baked tile size in scene units (the textures are drawn again at the tile's scale). */
const UNIT = 100;
const GEM = 0x2ee59d;
const MINE = 0xff4d6a;

export type MinesTileFace = 'hidden' | 'gem' | 'mine';

export interface MinesResult {
  /** The tiles the player revealed, in order (a lost board's last one is its mine). */
  revealed: readonly number[];
  /** Every mine of the board once it has ended; null while it is open. */
  mines: readonly number[] | null;
  status: 'open' | 'cashed_out' | 'lost';
}

interface Tile {
  view: Container;
  back: Sprite;
  face: Sprite;
  shown: MinesTileFace;
  picked: boolean;
}

export class MinesScene extends SceneBase<MinesResult> {
  readonly antialias = false;
  private readonly board = new Container();
  private readonly tiles: Tile[] = [];
  private hidden: CanvasTexture | null = null;
  private gem: CanvasTexture | null = null;
  private mine: CanvasTexture | null = null;
  private size = 300;
  private width = 300;
  private height = 300;
  private readonly random: () => number;
  private renderResolution = 1;

  constructor(options: { seed?: number } = {}) {
    super();
    this.random = seededRandom(options.seed ?? 7);
  }

  protected setup(env: SceneEnv): void {
    this.renderResolution = env.app.renderer.resolution;
    // Baked at the size the first layout draws them, so that layout has nothing to bake again.
    const resolution = this.textureResolution(Math.min(env.width, env.height));
    this.hidden = new CanvasTexture(UNIT, UNIT, drawHidden, { resolution });
    this.gem = new CanvasTexture(UNIT, UNIT, drawGem, { resolution });
    this.mine = new CanvasTexture(UNIT, UNIT, drawMine, { resolution });
    for (let i = 0; i < TILES; i++) {
      const back = new Sprite(this.hidden.texture);
      const face = new Sprite(this.gem.texture);
      for (const s of [back, face]) s.anchor.set(0.5);
      face.visible = false;
      const view = new Container();
      view.addChild(back, face);
      this.board.addChild(view);
      this.tiles.push({ view, back, face, shown: 'hidden', picked: false });
    }
    this.root.addChild(this.board, this.particles.view);
    this.followTuning(minesTuning, () => this.layout());
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.size = Math.min(width, height);
    this.board.position.set((width - this.size) / 2, (height - this.size) / 2);
    this.particles.view.position.copyFrom(this.board.position);
    this.layout();
  }

  /** The board as it stands, with no animation (a board found open after a reload, a new board). */
  show(result: MinesResult): void {
    this.tweens.finishAll();
    this.showFinal(result);
  }

  /** Each tile's face, `-dim` for the ones the player did not pick (browser tests read it). */
  shown(): string[] {
    return this.tiles.map((t) => (t.shown === 'hidden' || t.picked ? t.shown : `${t.shown}-dim`));
  }

  protected async animate(result: MinesResult, run: PlayRun): Promise<void> {
    const tuning = minesTuning.values;
    const fresh = result.revealed.filter((i) => this.tiles[i]!.shown === 'hidden');
    for (const index of fresh) {
      const face = faceOf(index, result);
      if (await run.step(this.flip(index, face, true, tuning.flipSeconds))) return;
      const tile = this.tiles[index]!;
      const { x, y } = tile.view.position;
      if (face === 'gem') {
        this.env?.sound.play('tick', { volume: 0.6 });
        this.particles.burst(x, y, GEM, tuning.gemSparks, this.random, 4);
        tile.view.scale.set(tuning.popScale);
        if (await run.step(this.tweens.to(tile.view.scale, { x: 1, y: 1, duration: tuning.flipSeconds, ease: 'back.out(3)' }))) return;
      } else {
        this.env?.sound.play('bust');
        this.particles.burst(x, y, MINE, tuning.mineSparks, this.random, 8);
        const shake = tuning.shakePixels;
        const home = this.board.x;
        if (await run.step(this.tweens.fromTo(this.board, { x: home - shake }, { x: home, duration: 0.45, ease: 'elastic.out(1.2, 0.2)' }))) return;
      }
    }
    if (result.status !== 'open') {
      if (result.status === 'cashed_out') this.env?.sound.play('cashOut');
      const rest = this.tiles.flatMap((t, i) => (t.shown === 'hidden' ? [i] : []));
      const flips = rest.map((index, n) =>
        this.tweens.wait(n * tuning.revealStagger).then(() => (this.destroyed ? undefined : this.flip(index, faceOf(index, result), false, tuning.flipSeconds * 0.8))),
      );
      if (await run.step(Promise.all(flips))) return;
    }
    this.showFinal(result);
  }

  protected showFinal(result: MinesResult): void {
    if (this.destroyed) return;
    const picked = new Set(result.revealed);
    this.tiles.forEach((tile, index) => {
      tile.view.scale.set(1);
      const face = result.status === 'open' && !picked.has(index) ? 'hidden' : faceOf(index, result);
      this.setFace(tile, face, picked.has(index));
    });
    this.resize(this.width, this.height);
  }

  /** Turns one tile over: it narrows to an edge, changes face, widens again. */
  private async flip(index: number, face: MinesTileFace, picked: boolean, seconds: number): Promise<void> {
    const tile = this.tiles[index]!;
    await this.tweens.to(tile.view.scale, { x: 0, duration: seconds / 2, ease: 'power2.in' });
    if (this.destroyed) return;
    this.setFace(tile, face, picked);
    await this.tweens.to(tile.view.scale, { x: 1, duration: seconds / 2, ease: 'power2.out' });
  }

  private setFace(tile: Tile, face: MinesTileFace, picked: boolean): void {
    tile.shown = face;
    tile.picked = picked;
    tile.back.visible = face === 'hidden';
    tile.face.visible = face !== 'hidden';
    if (face !== 'hidden') tile.face.texture = (face === 'gem' ? this.gem : this.mine)!.texture;
    tile.view.alpha = face === 'hidden' || picked ? 1 : minesTuning.values.dimAlpha;
  }

  private layout(): void {
    const cell = this.size / MINES_GRID;
    const scale = this.tileScale(this.size);
    const resolution = this.textureResolution(this.size);
    for (const t of [this.hidden, this.gem, this.mine]) t?.setResolution(resolution);
    this.tiles.forEach((t, i) => {
      t.view.position.set((i % MINES_GRID) * cell + cell / 2, Math.floor(i / MINES_GRID) * cell + cell / 2);
      t.back.scale.set(scale);
      t.face.scale.set(scale);
      if (t.shown !== 'hidden' && !t.picked) t.view.alpha = minesTuning.values.dimAlpha;
    });
  }

  /** A tile's scale from the baked UNIT to the board of `size` px. */
  private tileScale(size: number): number {
    return ((size / MINES_GRID) * (1 - minesTuning.values.tileGap)) / UNIT;
  }

  /** Texels per unit for the drawn size (whole quarter steps), so the faces stay sharp. */
  private textureResolution(size: number): number {
    return Math.max(0.5, Math.ceil(this.tileScale(size) * this.renderResolution * 4) / 4);
  }

  protected override release(): void {
    for (const t of [this.hidden, this.gem, this.mine]) t?.destroy();
    this.hidden = this.gem = this.mine = null;
  }
}

function faceOf(index: number, result: MinesResult): MinesTileFace {
  if (result.mines) return result.mines.includes(index) ? 'mine' : 'gem';
  // While the board is open every revealed tile is a gem, except a lost board's last.
  return result.status === 'lost' && result.revealed.at(-1) === index ? 'mine' : 'gem';
}

function drawHidden(ctx: CanvasRenderingContext2D): void {
  roundRect(ctx, 2, 6, 96, 92, 14, 0x0d0f1f);
  roundRect(ctx, 2, 2, 96, 90, 14, COLOURS.panelEdge);
  roundRect(ctx, 6, 6, 88, 34, 10, 0xffffff, 0.06);
}

function base(ctx: CanvasRenderingContext2D): void {
  roundRect(ctx, 2, 2, 96, 96, 14, 0x101327);
  ctx.strokeStyle = cssColour(COLOURS.panelEdge);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(3, 3, 94, 94, 13);
  ctx.stroke();
}

function drawGem(ctx: CanvasRenderingContext2D): void {
  base(ctx);
  softDisc(ctx, 50, 52, 8, 40, GEM, 0.35);
  polygon(ctx, [50, 22, 74, 42, 50, 80, 26, 42], GEM);
  polygon(ctx, [50, 22, 62, 42, 50, 80, 38, 42], 0xb8ffe0, 0.55);
  polygon(ctx, [26, 42, 74, 42, 62, 32, 38, 32], 0xffffff, 0.35);
}

function drawMine(ctx: CanvasRenderingContext2D): void {
  base(ctx);
  softDisc(ctx, 50, 54, 10, 44, MINE, 0.45);
  disc(ctx, 50, 54, 22, 0x1b1d2e);
  for (let a = 0; a < 8; a++) {
    const angle = (a * Math.PI) / 4;
    disc(ctx, 50 + Math.cos(angle) * 24, 54 + Math.sin(angle) * 24, 4, 0x1b1d2e);
  }
  disc(ctx, 50, 54, 8, MINE);
  disc(ctx, 43, 47, 4, 0xffffff, 0.5);
}
