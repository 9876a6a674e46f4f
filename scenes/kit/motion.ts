// Motion is a number (tldraw's animationSpeed idea): 0 = reduced, 1 = full. Reduced comes from the OS
// (prefers-reduced-motion), the player's own setting, or a device that cannot animate well (no
// WebGL, little memory, a low frame rate measured while a scene played). Scenes multiply durations by
// nothing else.

import { measuredSlow } from './frameRateWatch.ts';

export const MOTION_SETTING_KEY = 'scenes.reducedMotion';

export type PlayerMotionChoice = 'reduced' | 'full';

export interface MotionInputs {
  prefersReducedMotion: boolean;
  /** The player's stored choice, if any: it overrides the device guesses below (not the OS setting). */
  playerChoice: PlayerMotionChoice | null;
  webgl: boolean;
  /** navigator.deviceMemory in GiB when the browser reports it. */
  deviceMemoryGiB?: number | undefined;
  /** A scene on this page measured a low frame rate while playing (scenes/kit/frameRateWatch.ts). */
  measuredSlow?: boolean | undefined;
}

/** Below this a device takes the reduced path (the frame-rate floor is frameRateWatch's MIN_FPS). */
export const LOW_END = { minMemoryGiB: 2 } as const;

export function motionFrom(inputs: MotionInputs): number {
  if (inputs.prefersReducedMotion || inputs.playerChoice === 'reduced' || !inputs.webgl) return 0;
  // A player who chose full motion keeps it on a device we would guess is slow.
  if (inputs.playerChoice === 'full') return 1;
  if (inputs.deviceMemoryGiB !== undefined && inputs.deviceMemoryGiB < LOW_END.minMemoryGiB) return 0;
  if (inputs.measuredSlow) return 0;
  return 1;
}

export function readPlayerMotionChoice(): PlayerMotionChoice | null {
  try {
    const stored = globalThis.localStorage?.getItem(MOTION_SETTING_KEY);
    return stored === '1' ? 'reduced' : stored === '0' ? 'full' : null;
  } catch {
    return null;
  }
}

export function storePlayerReducedMotion(reduced: boolean): void {
  try {
    globalThis.localStorage?.setItem(MOTION_SETTING_KEY, reduced ? '1' : '0');
  } catch {
    // Private mode or storage disabled: the setting lasts for this page only.
  }
}

/**
 * Whether the browser has WebGL at all, without making a context: a throwaway context cost 35–60 ms
 * of main thread (unthrottled) inside React's takeover of every scene page, before the scene's own
 * context, which scenes/kit/gpuWarmup.ts keeps off the main thread. A browser whose WebGL is there
 * but refuses a context (a blocked GPU) fails in the scene host instead, whose page then shows its
 * results without the scene (useScene's `available`).
 */
export function webglAvailable(): boolean {
  return typeof globalThis.WebGL2RenderingContext === 'function' || typeof globalThis.WebGLRenderingContext === 'function';
}

/** The motion of this browser right now, including what scenes on this page measured so far. */
export function detectMotion(): number {
  const nav = globalThis.navigator as (Navigator & { deviceMemory?: number }) | undefined;
  return motionFrom({
    prefersReducedMotion: globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    playerChoice: readPlayerMotionChoice(),
    webgl: webglAvailable(),
    deviceMemoryGiB: nav?.deviceMemory,
    measuredSlow: measuredSlow(),
  });
}
