// The auto-bet session's profit over its bets as an SVG line (ProfitGraph.tsx): the profit in cents
// after each settled bet, from 0 before the first, scaled into a box with the zero line inside it.
// Long runs are thinned to at most `maxPoints` by keeping each stretch's lowest and highest point,
// so a spike still shows and the path stays small. Pure, tested in tests/src/profitGraph.test.ts.

export interface ProfitGraphShape {
  /** The polyline's points attribute. */
  points: string;
  /** The zero line's y. */
  zeroY: number;
}

/** Keeps the first and last point and, per stretch, its lowest and highest (in order). */
function thin(values: readonly number[], maxPoints: number): { index: number; value: number }[] {
  const all = values.map((value, index) => ({ index, value }));
  if (all.length <= maxPoints) return all;
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const size = (all.length - 2) / buckets;
  const kept = [all[0]!];
  for (let b = 0; b < buckets; b++) {
    const stretch = all.slice(1 + Math.floor(b * size), 1 + Math.floor((b + 1) * size));
    if (!stretch.length) continue;
    const low = stretch.reduce((m, p) => (p.value < m.value ? p : m));
    const high = stretch.reduce((m, p) => (p.value > m.value ? p : m));
    kept.push(...(low.index <= high.index ? [low, high] : [high, low]).filter((p, i, pair) => i === 0 || p !== pair[0]));
  }
  kept.push(all.at(-1)!);
  return kept;
}

export function profitGraph(profits: readonly number[], width: number, height: number, maxPoints = 240): ProfitGraphShape {
  const values = profits.length ? profits : [0];
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const pad = 2;
  // A session still flat at 0 is a line through the middle.
  const y = (v: number) => (top === bottom ? height / 2 : pad + ((top - v) / (top - bottom)) * (height - 2 * pad));
  const last = Math.max(1, values.length - 1);
  const points = thin(values, maxPoints)
    .map((p) => `${((p.index / last) * width).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  return { points, zeroY: Number(y(0).toFixed(1)) };
}
