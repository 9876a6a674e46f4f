// The crash chart's pure geometry and colours: how far the axes reach for a given moment of the
// flight, where their ticks go, and the colour of a multiplier (the curve, the recent-rounds strip
// and the bets list use the same tiers). No Pixi here, so the shell and the tests can use it.

/** Axes of the chart: time in ms on x, the multiplier on y (linear, from 1). */
export interface ChartAxes {
  maxMs: number;
  maxMultiplier: number;
}

/** The least the axes show, so the first seconds of a flight have room to climb. */
const MIN_AXES: ChartAxes = { maxMs: 8_000, maxMultiplier: 2 };

/**
 * The axes while the head is at `elapsedMs` and `multiplier`: the head stays at about four fifths
 * of the width and two thirds of the height, so the curve appears to climb while the axes rescale
 * under it. A function of the moment alone, so every frame, replay and screenshot agree.
 */
export function chartAxes(elapsedMs: number, multiplier: number): ChartAxes {
  return {
    maxMs: Math.max(MIN_AXES.maxMs, elapsedMs * 1.25),
    maxMultiplier: Math.max(MIN_AXES.maxMultiplier, 1 + (multiplier - 1) * 1.5),
  };
}

/** A "nice" step (1, 2 or 5 × 10^k) that cuts `span` into at most `count` parts. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Multiplier ticks above 1 (1.5, 2, 2.5 … or 2, 4, 6 …), at most `count`. */
export function multiplierTicks(axes: ChartAxes, count = 4): number[] {
  const step = niceStep(axes.maxMultiplier - 1, count);
  const ticks: number[] = [];
  for (let v = 1 + step; v <= axes.maxMultiplier + 1e-9; v += step) ticks.push(Number(v.toFixed(6)));
  return ticks;
}

/** Time ticks in ms (every 2 s, 5 s, 10 s …), at most `count`. */
export function timeTicks(axes: ChartAxes, count = 5): number[] {
  const step = niceStep(axes.maxMs / 1000, count) * 1000;
  const ticks: number[] = [];
  for (let v = step; v <= axes.maxMs + 1e-6; v += step) ticks.push(v);
  return ticks;
}

/** How a multiplier is written everywhere in the game: two decimals, rounded down, then "x". */
export function formatMultiplier(multiplier: number): string {
  return `${(Math.floor(multiplier * 100 + 1e-7) / 100).toFixed(2)}x`;
}

/** Colour tiers of a multiplier: a low bust red, under 2 grey-blue, to 10 green, to 100 gold, beyond pink. */
export type MultiplierTier = 'bust' | 'low' | 'mid' | 'high' | 'epic';

export function multiplierTier(multiplier: number): MultiplierTier {
  if (multiplier < 1.2) return 'bust';
  if (multiplier < 2) return 'low';
  if (multiplier < 10) return 'mid';
  if (multiplier < 100) return 'high';
  return 'epic';
}

/** The tiers as Pixi colours (CSS mirrors them as --crash-* variables in src/pages/crash/crash.css). */
export const TIER_COLOURS: Record<MultiplierTier, number> = {
  bust: 0xff4d6a,
  low: 0x8fa3ff,
  mid: 0x2ee59d,
  high: 0xffbf2e,
  epic: 0xff5cd6,
};
