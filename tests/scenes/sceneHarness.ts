import { gsap } from 'gsap';
import { vi } from 'vitest';
import type { TweenBag } from '../../scenes/kit/tweens.ts';
import { Rectangle, type GlTextureSystem } from 'pixi.js';
import type { SceneApp } from '../../scenes/kit/sceneApp.ts';
import type { Scene, SceneEnv } from '../../scenes/kit/Scene.ts';
import { SceneHost } from '../../scenes/kit/SceneHost.ts';

// On this shared, loaded test machine frames can take a second; gsap's lag smoothing would then
// stretch a 1 s tween over a minute. Tests want wall-clock durations.
gsap.ticker.lagSmoothing(0);

// Mounts a scene in a real canvas inside the test page, like useScene does in the app.
export async function mountScene<R>(scene: Scene<R>, options: { width?: number; height?: number; motion?: number; background?: number; adaptive?: boolean; adaptiveResolution?: boolean; idleFrameRate?: number } = {}) {
  const element = document.createElement('div');
  element.style.width = `${options.width ?? 600}px`;
  element.style.height = `${options.height ?? 300}px`;
  document.body.appendChild(element);
  const host = new SceneHost(element, scene, { motion: options.motion ?? 1, background: options.background ?? 0x0b0d1a, adaptive: options.adaptive ?? false, adaptiveResolution: options.adaptiveResolution ?? false, idleFrameRate: options.idleFrameRate });
  const ready = await host.whenReady();
  if (!ready) throw new Error('scene host did not start (WebGL?)');
  return {
    host,
    element,
    app: host.application!,
    dispose() {
      host.dispose();
      element.remove();
    },
  };
}

/**
 * From now on, the durations (seconds) of the `to` tweens `scene` starts, in order (its TweenBag):
 * what a play's length is made of, read from the scene rather than from a wall clock that a slow
 * machine's software WebGL stretches (a bound of 5 s on a 0.6 s spin failed once in a slow hour).
 */
export function watchTweenDurations(scene: object): () => number[] {
  const to = vi.spyOn((scene as unknown as { tweens: TweenBag }).tweens, 'to');
  return () => to.mock.calls.map(([, vars]) => Number(vars.duration));
}

/** Tweens gsap still knows about (a leaked tween stays on the global timeline). */
export function liveTweens(): number {
  return gsap.globalTimeline.getChildren(true, true, true).length;
}

/**
 * Texture sources that hold GPU memory in this renderer right now. Pixi 8.22 keeps its managed
 * textures in a hash whose removed entries stay behind as `null` slots (GCManagedHash; the GC
 * compacts them only once 10,000 pile up), so `managedTextures.length` counts every texture ever
 * uploaded, freed or not. Only the non-null entries are live.
 */
export function liveGpuTextures(app: SceneApp): number {
  return (app.renderer.texture as GlTextureSystem).managedTextures.filter(Boolean).length;
}

/** Textures drawn on a 2D canvas and uploaded to the GPU, e.g. the sheet the box scene baked its cards into. */
export function liveCanvasTextures(app: SceneApp): number {
  return (app.renderer.texture as GlTextureSystem).managedTextures.filter((source) => source?.resource instanceof HTMLCanvasElement).length;
}

/** Reads one pixel of the rendered stage as [r, g, b, a] (CSS pixel coordinates). */
export function pixelAt(app: SceneApp, x: number, y: number): [number, number, number, number] {
  app.render();
  const { pixels, width } = app.renderer.extract.pixels({ target: app.stage, frame: new Rectangle(0, 0, app.screen.width, app.screen.height), resolution: 1 });
  const i = (Math.round(y) * width + Math.round(x)) * 4;
  return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0];
}

/** A test-only scene that mounts other scenes into one application, one after another. */
export class SceneSwapper implements Scene<never> {
  readonly bundles = [] as const;
  private env: SceneEnv | null = null;
  private current: Scene<unknown> | null = null;

  mount(env: SceneEnv): void {
    this.env = env;
  }

  swap<R>(scene: Scene<R>): Scene<R> {
    if (!this.env) throw new Error('not mounted');
    this.current?.destroy();
    this.current = scene as Scene<unknown>;
    scene.mount(this.env);
    return scene;
  }

  resize(width: number, height: number): void {
    this.current?.resize(width, height);
  }

  play(): Promise<void> {
    return Promise.resolve();
  }

  finish(): void {
    this.current?.finish();
  }

  destroy(): void {
    this.current?.destroy();
    this.current = null;
  }
}
