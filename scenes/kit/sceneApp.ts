import { Container, Ticker, UPDATE_PRIORITY, WebGLRenderer, type Rectangle } from 'pixi.js';

// What a scene gets to draw with: a WebGL renderer, a stage and a ticker that renders the stage each
// frame, i.e. what Pixi's Application assembles, without its autoDetectRenderer. That one imports
// the WebGPU and canvas renderers too (dynamic imports a bundler must keep), ~20 KiB brotli that no
// game page uses: our scenes target WebGL only (software WebGL included; docs/performance.md, "Budgets").
// Nor @pixi/react's <Application>, which adds its own React reconciler: measured, it puts every scene
// page over its budget (docs/performance.md, "Budgets").

export interface SceneAppOptions {
  width: number;
  height: number;
  background: number;
  backgroundAlpha: number;
  antialias: boolean;
  resolution: number;
}

export class SceneApp {
  readonly renderer = new WebGLRenderer();
  readonly stage = new Container();
  readonly ticker = new Ticker();

  async init(options: SceneAppOptions): Promise<void> {
    // No browser environment (accessibility, DOM overlays, pointer events, filters: none used by a
    // scene; docs/scenes.md): without this flag Pixi's init fetches and runs it on every scene page.
    await this.renderer.init({ ...options, autoDensity: true, skipExtensionImports: true });
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

  render(): void {
    this.renderer.render({ container: this.stage });
  }

  /** Frees the stage (children, textures and their GPU memory) and the renderer, and removes the canvas. */
  destroy(): void {
    this.ticker.remove(this.render, this);
    this.ticker.destroy();
    this.stage.destroy({ children: true, texture: true, textureSource: true });
    this.renderer.destroy(true);
  }
}
