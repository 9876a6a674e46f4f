// Pixi compiles its uniform and buffer sync functions with new Function, which the site's CSP
// forbids (no 'unsafe-eval', docs/security.md); this module gives it precompiled ones instead.
import 'pixi.js/unsafe-eval';
import type { Scene, SceneHostElement, ScenePhase } from './Scene.ts';
import { SceneSound } from './SceneSound.ts';
import { loadBundles } from './assets.ts';
import { FrameRateWatch } from './frameRateWatch.ts';
import { nextTask } from './nextTask.ts';
import { gpuCatchUp } from './gpuCatchUp.ts';
import { gpuReady, releaseGpuWarmup, warmGpu } from './gpuWarmup.ts';
import { SceneApp } from './sceneApp.ts';
import { sceneFontReady } from './sceneFont.ts';
import { readPlayerMotionChoice } from './motion.ts';

// Owns one Pixi renderer (scenes/kit/sceneApp.ts) and one scene inside a DOM element. Pixi's app.init() is async, and
// React StrictMode mounts, unmounts and mounts again at once: like pixi-react we never destroy an
// app whose init is still running; dispose() is queued and runs when init settles.

export interface SceneHostOptions {
  /** 0 = reduced motion (scenes/kit/motion.ts). */
  motion: number;
  /**
   * Judge the device while plays run and turn to reduced motion, from the next play on, when it
   * draws under 24 fps (scenes/kit/frameRateWatch.ts). For motion the page detected, not for a
   * motion someone chose (the scene lab, tests).
   */
  adaptive?: boolean;
  /**
   * Draw at a lower resolution once frames come slowly (scenes/kit/resolutionGovernor.ts), as the
   * game pages do; off, the picture is drawn at the device's resolution whatever it costs (the scene
   * lab by default, visual baselines).
   */
  adaptiveResolution?: boolean;
  /** At most this many frames a second until the viewer acts on the page (a round scene: sceneApp.ts). */
  idleFrameRate?: number;
  /** Canvas background; pure black for crash, plinko and wheel. */
  background?: number;
  /** Told when the renderer cannot start (no WebGL): the page then shows results without the scene. */
  onError?: (error: unknown) => void;
}

export class SceneHost<R> {
  readonly element: HTMLElement;
  readonly scene: Scene<R>;
  private app: SceneApp | null = null;
  /** The scene's sound (its cues, and the big-win music the page's celebrate plays). */
  readonly sound = new SceneSound();
  private phaseValue: ScenePhase = 'loading';
  private readonly listeners = new Set<() => void>();
  private readonly ready: Promise<boolean>;
  private disposeRequested = false;
  private disposed = false;
  private running = 0;
  private readonly aborts = new Set<AbortController>();
  private resizeObserver: ResizeObserver | null = null;
  private motionValue: number;
  private readonly frameRate: FrameRateWatch | null;

  constructor(element: HTMLElement, scene: Scene<R>, options: SceneHostOptions) {
    void warmGpu();
    this.element = element;
    this.scene = scene;
    this.motionValue = options.motion;
    this.frameRate = options.adaptive && options.motion > 0 ? new FrameRateWatch() : null;
    this.ready = this.init(options);
    // The newest host of an element answers for it: a scene made again in the same place replaces it.
    (element as SceneHostElement).sceneShown = this.shown;
  }

  private readonly shown = (): unknown => (this.disposed || !this.app ? null : (this.scene.shown?.() ?? null));

  get phase(): ScenePhase {
    return this.phaseValue;
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getPhase = (): ScenePhase => this.phaseValue;

  /** The motion plays start with now (it drops to 0 when the frame-rate watch finds the device slow). */
  get motion(): number {
    return this.motionValue;
  }

  /** The renderer, stage and ticker once initialised (tests and the scene lab read it). */
  get application(): SceneApp | null {
    return this.app;
  }

  /** Resolves true when the scene is mounted, false if the host was disposed first or init failed. */
  whenReady(): Promise<boolean> {
    return this.ready;
  }

  /**
   * Plays a decided outcome. Several plays may overlap (plinko balls); the phase is 'running' while
   * any is in flight. Always settles, also when the host is disposed midway.
   */
  play(result: R): Promise<void> {
    if (this.disposeRequested) return Promise.resolve();
    // Already mounted: start synchronously, so the phase is 'running' as soon as play() returns.
    if (this.app) return this.runPlay(result);
    return this.ready.then((ok) => (ok && !this.disposeRequested ? this.runPlay(result) : undefined));
  }

  private async runPlay(result: R): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    this.running++;
    this.setPhase('running');
    try {
      await this.scene.play(result, abort.signal);
    } finally {
      this.aborts.delete(abort);
      this.running--;
      if (this.running === 0 && !this.disposed) this.setPhase('finished');
    }
  }

  /** Skip: the current play jumps to its final frame. */
  finish(): void {
    if (this.app && !this.disposed) this.scene.finish();
  }

  dispose(): void {
    if (this.disposeRequested) return;
    this.disposeRequested = true;
    for (const abort of this.aborts) abort.abort();
    // If init is still running, destroy when it settles (init checks disposeRequested).
    if (this.app) this.teardown();
  }

  private async init(options: SceneHostOptions): Promise<boolean> {
    // The host is made in React's commit (useScene's layout effect): the start begins in a task of
    // its own, and is cut again between its stages (scenes/kit/nextTask.ts). A host disposed in the
    // task that made it (a scene replaced at once) never makes a WebGL context.
    await nextTask();
    await gpuReady();
    if (this.disposeRequested) {
      this.disposed = true;
      return false;
    }
    const app = new SceneApp();
    let mounted = false;
    // A start disposed midway frees what it has made so far.
    const abandon = (): false => {
      if (mounted) this.scene.destroy();
      app.destroy();
      this.disposed = true;
      return false;
    };
    try {
      const width = Math.max(1, this.element.clientWidth);
      const height = Math.max(1, this.element.clientHeight);
      // Pixi's browser environment (accessibility, DOM, pointer events, filters) is never loaded:
      // none of our scenes uses it (no eventMode, no filters, no masks: docs/scenes.md).
      await app.init({
        width,
        height,
        background: options.background ?? 0x000000,
        backgroundAlpha: options.background === undefined ? 0 : 1,
        antialias: this.scene.antialias ?? true,
        resolution: Math.min(2, globalThis.devicePixelRatio || 1),
        adaptiveResolution: options.adaptiveResolution ?? false,
        idleFrameRate: options.idleFrameRate,
      });
      releaseGpuWarmup();
      await nextTask();
      await Promise.all([loadBundles(this.scene.bundles), sceneFontReady()]);
      await nextTask();
      if (this.disposeRequested) return abandon();
      // Scenes read env.motion when a play starts, so a verdict of the frame-rate watch reaches
      // the next play without remounting.
      const currentMotion = () => this.motionValue;
      this.scene.mount({ app, get motion() { return currentMotion(); }, sound: this.sound, width, height });
      mounted = true;
      await nextTask();
      if (this.disposeRequested) return abandon();
      // The first frame is drawn (unless the ticker already did) before the canvas is on the page,
      // and the canvas shows once the GPU has drawn it: the page's commit then copies a finished
      // frame instead of blocking the main thread until the GPU has uploaded and compiled
      // everything (scenes/kit/gpuCatchUp.ts).
      app.render();
      await gpuCatchUp(app.renderer.gl);
      if (this.disposeRequested) return abandon();
      this.app = app;
      app.canvas.classList.add('scene-canvas'); // CSS knows a live scene is on the page (Modal.css)
      app.canvas.style.display = 'block';
      app.canvas.style.width = '100%';
      app.canvas.style.height = '100%';
      this.element.appendChild(app.canvas);
      // Drawn again on the page: without preserveDrawingBuffer the browser may clear the drawing
      // buffer once the frame it was drawn in is over, so the hidden frame may not be what the
      // compositor gets. This draw finds everything uploaded and compiled: its read-back is short.
      app.invalidate();
      if (this.frameRate) app.ticker.add(this.watchFrame);
      this.resizeObserver = new ResizeObserver(() => this.resize());
      this.resizeObserver.observe(this.element);
      this.setPhase('ready');
      return true;
    } catch (error) {
      options.onError?.(error);
      try {
        abandon();
      } catch {
        // init failed before the renderer existed: nothing to free.
      }
      this.disposed = true;
      return false;
    }
  }

  /** Feeds the frame-rate watch with frames drawn while a play runs (idle frames say nothing). */
  private readonly watchFrame = (ticker: { deltaMS: number }): void => {
    if (this.running === 0 || !this.frameRate) return;
    if (this.frameRate.sample(ticker.deltaMS) === 'slow' && readPlayerMotionChoice() !== 'full') this.motionValue = 0;
  };

  private resize(): void {
    if (!this.app || this.disposed) return;
    const width = Math.max(1, this.element.clientWidth);
    const height = Math.max(1, this.element.clientHeight);
    if (width === this.app.screen.width && height === this.app.screen.height) return;
    this.app.resize(width, height);
    this.scene.resize(width, height);
  }

  private teardown(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.resizeObserver?.disconnect();
    this.app?.ticker.remove(this.watchFrame);
    this.scene.destroy();
    this.sound.dispose();
    this.app?.destroy();
    this.app = null;
    this.listeners.clear();
    const element = this.element as SceneHostElement;
    if (element.sceneShown === this.shown) delete element.sceneShown;
  }

  private setPhase(phase: ScenePhase): void {
    if (this.phaseValue === phase) return;
    this.phaseValue = phase;
    for (const listener of [...this.listeners]) listener();
  }
}
