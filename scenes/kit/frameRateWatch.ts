// The "low frame rate" part of motion (scenes/kit/motion.ts): judged from the frames a scene draws
// while it actually plays, not at page load, where every device looks slow while React, Pixi and
// the assets start. A host feeds each frame's interval while a play runs; once enough running time
// is seen it gives one verdict. A slow verdict holds for the rest of the page's life (module state):
// later scenes start on the reduced path, and the scene that measured it turns reduced from its next play.

/** Below this median frame rate animation stutters more than it delights (docs/scenes.md). */
export const MIN_FPS = 24;
/** Running time to see before judging: long enough that one hitch (a texture upload) cannot decide. */
const WINDOW_MS = 2000;
/** Frames to see at least, so a device that draws a handful of frames a second is still judged. */
const MIN_FRAMES = 12;

let slowDevice = false;

/** True once any scene on this page measured a median frame rate under MIN_FPS while playing. */
export function measuredSlow(): boolean {
  return slowDevice;
}

/** Forgets the verdict (tests; a page reload does the same). */
export function resetMeasuredFrameRate(): void {
  slowDevice = false;
}

export class FrameRateWatch {
  private readonly intervals: number[] = [];
  private elapsed = 0;
  private judged = false;

  /**
   * One frame's interval (ms) while a play runs. Returns 'slow' exactly once, when the window is
   * full and its median frame rate is under MIN_FPS; otherwise null (also after the verdict).
   */
  sample(intervalMs: number): 'slow' | null {
    if (this.judged || !(intervalMs > 0)) return null;
    this.intervals.push(intervalMs);
    this.elapsed += intervalMs;
    if (this.elapsed < WINDOW_MS || this.intervals.length < MIN_FRAMES) return null;
    this.judged = true;
    const sorted = [...this.intervals].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    if (1000 / median >= MIN_FPS) return null;
    slowDevice = true;
    return 'slow';
  }
}
