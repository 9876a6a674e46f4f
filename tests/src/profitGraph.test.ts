import { describe, expect, it } from 'vitest';
import { profitGraph } from '../../src/features/autobet/profitGraph.ts';

// The auto-bet profit line (src/features/autobet/profitGraph.ts): one point per settled bet from
// 0, scaled into the box with the zero line inside it; a long run thinned without losing its
// lowest and highest points.

const pointsOf = (shape: { points: string }) => shape.points.split(' ').map((p) => p.split(',').map(Number) as [number, number]);

describe('profitGraph', () => {
  it('spans the box: first bet at the left, last at the right, the highest at the top, the lowest at the bottom', () => {
    const shape = profitGraph([0, 100, -50, 200], 300, 64);
    const points = pointsOf(shape);
    expect(points.map(([x]) => x)).toEqual([0, 100, 200, 300]);
    expect(points[3]![1]).toBe(2); // 200, the top (2 px inset)
    expect(points[2]![1]).toBe(62); // −50, the bottom
    expect(shape.zeroY).toBeCloseTo(2 + (200 / 250) * 60, 1);
  });

  it('keeps the zero line in view when the session never went below or above it', () => {
    expect(profitGraph([0, 10, 20], 300, 64).zeroY).toBe(62);
    expect(profitGraph([0, -10, -20], 300, 64).zeroY).toBe(2);
    expect(pointsOf(profitGraph([0, 0], 300, 64))).toEqual([
      [0, 32],
      [300, 32],
    ]);
  });

  it('thins a long run to its budget, keeping its first, last, lowest and highest points', () => {
    const profits = Array.from({ length: 5000 }, (_, i) => Math.round(Math.sin(i / 50) * 1000));
    profits[1234] = -99_999;
    profits[4321] = 88_888;
    const points = pointsOf(profitGraph(profits, 300, 64, 240));
    expect(points.length).toBeLessThanOrEqual(240);
    expect(points[0]![0]).toBe(0);
    expect(points.at(-1)![0]).toBe(300);
    const ys = points.map(([, y]) => y);
    expect(Math.min(...ys)).toBe(2);
    expect(Math.max(...ys)).toBe(62);
    // In order along the bets.
    for (let i = 1; i < points.length; i++) expect(points[i]![0]).toBeGreaterThanOrEqual(points[i - 1]![0]);
  });
});
