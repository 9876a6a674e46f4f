import { describe, expect, it } from 'vitest';
import { WHEEL_SEGMENTS } from '../../../core/games/wheel.ts';
import { landingRotation, MAX_LANDING_OFFSET, pegsPassed, restRotation, SEGMENT_ANGLE, segmentUnderPointer } from '../../../scenes/wheel/wheelGeometry.ts';

// The wheel scene's landing, computed headless: for every one of the 54 segments, from any
// starting rotation and with any offset within the segment, the spin stops with the pointer on
// that segment, clockwise, after at least the asked turns and less than one turn more, in the
// middle half of the segment whatever the offset asked; the ticks the pointer makes are the pegs it passes.

describe('wheel landing', () => {
  it('lands on each of the 54 segments from any start, offset and number of turns', () => {
    const starts = [0, 0.3, -2.1, 17.9, restRotation(53)];
    for (let segment = 0; segment < WHEEL_SEGMENTS; segment++) {
      expect(segmentUnderPointer(restRotation(segment))).toBe(segment);
      for (const from of starts) {
        for (const offset of [-0.49, -0.25, 0, 0.25, 0.49]) {
          for (const turns of [0, 1, 5]) {
            const to = landingRotation(from, segment, turns, offset);
            expect(segmentUnderPointer(to), `segment ${segment} from ${from} offset ${offset}`).toBe(segment);
            expect(to - from).toBeGreaterThanOrEqual(turns * Math.PI * 2);
            expect(to - from).toBeLessThan((turns + 1) * Math.PI * 2);
            // Never near an edge: in the middle half of the segment, even for an offset asked beyond it.
            const inside = ((((-to / SEGMENT_ANGLE) % WHEEL_SEGMENTS) + WHEEL_SEGMENTS) % WHEEL_SEGMENTS) - segment;
            expect(inside).toBeGreaterThanOrEqual(0.25 - 1e-9);
            expect(inside).toBeLessThanOrEqual(0.75 + 1e-9);
            expect(inside - 0.5).toBeCloseTo(Math.max(-MAX_LANDING_OFFSET, Math.min(MAX_LANDING_OFFSET, offset)), 9);
          }
        }
      }
    }
  });

  it('ticks once per peg passed', () => {
    expect(pegsPassed(0, Math.PI * 2)).toBe(WHEEL_SEGMENTS);
    expect(pegsPassed(0.001, 0.002)).toBe(0);
    expect(pegsPassed(SEGMENT_ANGLE * 0.9, SEGMENT_ANGLE * 1.1)).toBe(1);
  });
});
