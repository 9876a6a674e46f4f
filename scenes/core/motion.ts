// Motion is a number (tldraw's animationSpeed idea): 0 = reduced, 1 = full. Reduced comes from the OS
// (prefers-reduced-motion), the player's own setting, or a device that cannot animate well (no
// WebGL, little memory, a low measured frame rate). Scenes multiply durations by nothing else.

export const MOTION_SETTING_KEY = 'scenes.reducedMotion';

export interface MotionInputs {
  prefersReducedMotion: boolean;
  /** The player's stored choice: true = reduce. */
  playerReduced: boolean;
  webgl: boolean;
  /** navigator.deviceMemory in GiB when the browser reports it. */
  deviceMemoryGiB?: number | undefined;
  /** Frames per second measured over a short window, if measured. */
  measuredFps?: number | undefined;
}

/** Below these a device takes the reduced path: animation there stutters more than it delights. */
export const LOW_END = { minMemoryGiB: 2, minFps: 24 } as const;

export function motionFrom(inputs: MotionInputs): number {
  if (inputs.prefersReducedMotion || inputs.playerReduced || !inputs.webgl) return 0;
  if (inputs.deviceMemoryGiB !== undefined && inputs.deviceMemoryGiB < LOW_END.minMemoryGiB) return 0;
  if (inputs.measuredFps !== undefined && inputs.measuredFps < LOW_END.minFps) return 0;
  return 1;
}

export function readPlayerReducedMotion(): boolean {
  try {
    return globalThis.localStorage?.getItem(MOTION_SETTING_KEY) === '1';
  } catch {
    return false;
  }
}

export function storePlayerReducedMotion(reduced: boolean): void {
  try {
    globalThis.localStorage?.setItem(MOTION_SETTING_KEY, reduced ? '1' : '0');
  } catch {
    // Private mode or storage disabled: the setting lasts for this page only.
  }
}

function hasWebgl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

let lastFps: number | undefined;

/** Measures the frame rate over ~0.5 s once; later calls reuse it. */
export function measureFps(durationMs = 500): Promise<number> {
  if (lastFps !== undefined) return Promise.resolve(lastFps);
  return new Promise((resolve) => {
    let frames = 0;
    const start = performance.now();
    const step = (now: number) => {
      frames++;
      if (now - start < durationMs) requestAnimationFrame(step);
      else {
        lastFps = (frames * 1000) / (now - start);
        resolve(lastFps);
      }
    };
    requestAnimationFrame(step);
  });
}

/** The motion of this browser right now (without a frame-rate measurement; pass it when you have one). */
export function detectMotion(measuredFps?: number): number {
  const nav = globalThis.navigator as (Navigator & { deviceMemory?: number }) | undefined;
  return motionFrom({
    prefersReducedMotion: globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
    playerReduced: readPlayerReducedMotion(),
    webgl: hasWebgl(),
    deviceMemoryGiB: nav?.deviceMemory,
    measuredFps,
  });
}
