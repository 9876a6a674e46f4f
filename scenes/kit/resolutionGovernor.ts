// Dynamic resolution: a scene that draws frame after frame slower than SLOW_FRAME_MS draws at a
// lower resolution from then on, step by step down to a floor. On a device without a fast GPU (and
// on software WebGL) a frame's cost is mostly its pixels (the history of bench/README.md, "at a quarter of the
// pixels"), so a slightly softer picture buys a steady frame rate, as games do on weak hardware.
// It only ever steps down: a resolution going back up would cost the frames it just won back, and
// the picture would pulse. The frame-rate watch (frameRateWatch.ts) still turns a device that stays
// under 24 fps at the floor to reduced motion. docs/scenes.md, "Dynamic resolution".

/** Frames slower than this (45 fps) are slow; a device that draws 60 Hz on time never steps down. */
export const SLOW_FRAME_MS = 1000 / 45;
/** Each step keeps this share of the resolution (0.75: 56 % of the pixels). */
export const STEP = 0.75;
/** The lowest share of the starting resolution (a quarter of the pixels)… */
export const FLOOR = 0.5;
/**
 * …but never under this many canvas pixels per CSS pixel (unless the device starts lower): at half a
 * pixel, the slots' and cards' small numbers blur past reading (seen in the plinko and battle labs).
 */
export const MIN_RESOLUTION = 0.75;
/** Back-to-back drawn frames to see before judging: one hitch (a texture upload) cannot decide. */
const WINDOW_MS = 1000;
const MIN_FRAMES = 20;

export class ResolutionGovernor {
  /** The resolution frames are drawn at now. */
  current: number;
  private readonly floor: number;
  private intervals: number[] = [];
  private elapsed = 0;

  constructor(start: number) {
    this.current = start;
    this.floor = Math.max(start * FLOOR, Math.min(start, MIN_RESOLUTION));
  }

  /**
   * The interval (ms) before a frame drawn right after another drawn frame (a still scene's idle
   * ticks say nothing). Returns the new, lower resolution when a full window's median is slow,
   * otherwise null.
   */
  sample(intervalMs: number): number | null {
    if (this.current <= this.floor || !(intervalMs > 0)) return null;
    this.intervals.push(intervalMs);
    this.elapsed += intervalMs;
    if (this.elapsed < WINDOW_MS || this.intervals.length < MIN_FRAMES) return null;
    const sorted = this.intervals.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    this.intervals = [];
    this.elapsed = 0;
    if (median <= SLOW_FRAME_MS) return null;
    this.current = Math.max(this.floor, this.current * STEP);
    return this.current;
  }
}
