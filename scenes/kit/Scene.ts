import type { SceneApp } from './sceneApp.ts';
import type { SceneSound } from './SceneSound.ts';

// The contract between the React shell and a Pixi scene (docs/scenes.md). A scene animates an outcome
// the server already decided; it never fetches and never touches the shell's stores.

export type ScenePhase = 'loading' | 'ready' | 'running' | 'finished';

export interface SceneEnv {
  readonly app: SceneApp;
  /** 0 = reduced motion (play shows the result at once); 1 = normal speed; values between slow nothing down, they only scale flourishes. */
  readonly motion: number;
  readonly sound: SceneSound;
  readonly width: number;
  readonly height: number;
}

export interface Scene<R> {
  /** Asset bundles (scenes/kit/assets.ts) the host loads before mount. */
  readonly bundles: readonly string[];
  /**
   * MSAA for the canvas (default true). A scene drawn only from pre-smoothed textures and text
   * (scenes/kit/bakedTexture.ts) sets false: on software WebGL MSAA about doubles every frame's cost.
   */
  readonly antialias?: boolean;
  mount(env: SceneEnv): void;
  resize(width: number, height: number): void;
  /** Animates a decided outcome. Always settles: on completion, on finish() and on abort. */
  play(result: R, signal: AbortSignal): Promise<void>;
  /** Jumps to the final frame of the current play (skip, reduced motion). */
  finish(): void;
  /** Idempotent; frees tweens, ticker callbacks, physics, sounds and textures the scene made. */
  destroy(): void;
  /**
   * What the picture shows now, in words (the box reel: the item under each reel's marker). Browser
   * tests read it through the host element's `sceneShown()` (SceneHost), as pixels cannot say it.
   */
  shown?(): unknown;
}

/** The host element of a mounted scene, as a browser test reads it. */
export interface SceneHostElement extends HTMLElement {
  sceneShown?: () => unknown;
}
