import { Container, GlLimitsSystem, Ticker, UPDATE_PRIORITY, WebGLRenderer, type Rectangle } from 'pixi.js';
import { ResolutionGovernor } from './resolutionGovernor.ts';
import { stageChanged } from './stageChanges.ts';
import { viewerHasActed } from './viewerActs.ts';

// What a scene gets to draw with: a WebGL renderer, a stage and a ticker that renders the stage each
// frame, i.e. what Pixi's Application assembles, without its autoDetectRenderer. That one imports
// the WebGPU and canvas renderers too (dynamic imports a bundler must keep), ~20 KiB brotli that no
// game page uses: our scenes target WebGL only (software WebGL included; docs/performance.md, "Budgets").
// Nor @pixi/react's <Application>, which adds its own React reconciler: measured, it puts every scene
// page over its budget (docs/performance.md, "Budgets").
// Unlike Application, it draws a frame only when it would differ from the last one drawn: a scene at
// rest costs a few callbacks per frame and no GPU work. On software WebGL a full frame costs
// milliseconds of main thread, which an idle game page spent sixty times a second (Lighthouse counted
// it all as blocking time; a phone spends it as battery). docs/scenes.md, "When a frame is drawn".

/**
 * The most textures one batched draw may sample. Pixi takes the GPU's limit (16 on most phones, 32 on
 * software WebGL) and builds its batch and graphics shaders with one branch per texture; linking them
 * is the costliest step of a scene's start (210–310 ms of main thread for 32 on software WebGL, in the
 * task that bakes the scene's textures). Our scenes draw a handful of textures a frame (baked layers,
 * a card sheet, text), so a smaller shader costs at most a few more draw calls.
 */
export const MAX_BATCH_TEXTURES = 8;

// The cap goes into the limits system itself: its contextChange runs before the pipes' (systems are
// added to the renderer before pipes), and those read the limit there to build their shaders; a
// restored context recomputes the limits and is capped again. Every renderer of the page is a scene's.
const limitsContextChange = GlLimitsSystem.prototype.contextChange;
GlLimitsSystem.prototype.contextChange = function (this: GlLimitsSystem): void {
  limitsContextChange.call(this);
  this.maxBatchableTextures = Math.min(this.maxBatchableTextures, MAX_BATCH_TEXTURES);
};

export interface SceneAppOptions {
  width: number;
  height: number;
  background: number;
  backgroundAlpha: number;
  antialias: boolean;
  resolution: number;
  /** Lower the resolution while frames are drawn slowly (resolutionGovernor.ts); off: a fixed picture (the lab, visual tests). */
  adaptiveResolution?: boolean;
  /**
   * At most this many frames a second until the viewer acts on the page (viewerActs.ts): a round
   * scene's rounds fly whether anyone plays or not. Unset: every frame that changed.
   */
  idleFrameRate?: number;
}

export class SceneApp {
  readonly renderer = new WebGLRenderer();
  readonly stage = new Container();
  readonly ticker = new Ticker();
  /** Frames actually drawn (the rest were skipped as unchanged): for tests and the scene bench. */
  framesDrawn = 0;
  private drawNext = true;
  private readonly busy = new Set<() => boolean>();
  private governor: ResolutionGovernor | null = null;
  /** Whether the last tick drew: only the interval between two drawn frames tells a frame's cost. */
  private drewLastTick = false;
  /** The least time between two frames while the viewer has not acted (0: none). */
  private idleIntervalMs = 0;
  private lastDrawnAt = -Infinity;

  async init({ adaptiveResolution, idleFrameRate, ...options }: SceneAppOptions): Promise<void> {
    if (idleFrameRate) this.idleIntervalMs = 1000 / idleFrameRate;
    // No browser environment (accessibility, DOM overlays, pointer events, filters: none used by a
    // scene; docs/scenes.md): without this flag Pixi's init fetches and runs it on every scene page.
    // autoDensity off: Pixi would set the canvas's CSS size to its screen size, which a resolution
    // that is not a whole number rounds (501 px at 0.75 → 376 pixels → 501.33 px) and so grows the
    // page; the host sizes the canvas to its element (100 %) instead, whatever the resolution.
    await this.renderer.init({ ...options, autoDensity: false, skipExtensionImports: true });
    if (adaptiveResolution) this.governor = new ResolutionGovernor(options.resolution);
    // Drawn after every other callback of the frame, as Application's TickerPlugin does.
    this.ticker.add(this.render, this, UPDATE_PRIORITY.LOW);
    this.ticker.start();
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas;
  }

  /** The drawing area in CSS pixels. */
  get screen(): Rectangle {
    return this.renderer.screen;
  }

  /** Draws the next frame whatever the stage says (a change Pixi does not queue). */
  invalidate(): void {
    this.drawNext = true;
  }

  /**
   * Draws every frame while `animating` says so: motion Pixi does not see, such as particles moved
   * inside a ParticleContainer. Returns the function that stops asking.
   */
  drawWhile(animating: () => boolean): () => void {
    this.busy.add(animating);
    return () => this.busy.delete(animating);
  }

  resize(width: number, height: number): void {
    this.renderer.resize(width, height);
    this.invalidate();
  }

  render(): void {
    if (!this.drawNext && !stageChanged(this.stage) && !this.anyAnimating()) {
      this.drewLastTick = false;
      return;
    }
    // Not yet: what changed stays queued in Pixi's render groups and is drawn at the next frame due.
    // The governor does not read such a gap as a slow frame (drewLastTick).
    if (this.idleIntervalMs > 0) {
      if (viewerHasActed()) this.idleIntervalMs = 0;
      else if (this.ticker.lastTime - this.lastDrawnAt < this.idleIntervalMs - 1) {
        this.drewLastTick = false;
        return;
      }
    }
    this.lastDrawnAt = this.ticker.lastTime;
    if (this.governor && this.drewLastTick) {
      const lower = this.governor.sample(this.ticker.elapsedMS);
      if (lower !== null) this.renderer.resize(this.screen.width, this.screen.height, lower);
    }
    this.drewLastTick = true;
    this.drawNext = false;
    this.renderer.render({ container: this.stage });
    this.framesDrawn++;
  }

  private anyAnimating(): boolean {
    for (const animating of this.busy) if (animating()) return true;
    return false;
  }

  /** Frees the stage (children, textures and their GPU memory) and the renderer, and removes the canvas. */
  destroy(): void {
    this.ticker.remove(this.render, this);
    this.busy.clear();
    this.ticker.destroy();
    this.stage.destroy({ children: true, texture: true, textureSource: true });
    this.renderer.destroy(true);
  }
}
