import { WHEEL_SEGMENTS } from '../../core/games/wheel.ts';

// Where the wheel stands, in the scene's terms: the pointer sits at the top; segment i covers the
// wheel's own angles [i, i + 1) × (2π / 54) clockwise from its top. A rotation r (radians,
// clockwise, as Pixi's y-down rotation) brings the wheel's own angle −r under the pointer. Pure, so
// the landing is checked headless for all 54 segments (tests/core/scenes/wheelLanding.test.ts).

export const SEGMENT_ANGLE = (Math.PI * 2) / WHEEL_SEGMENTS;
const TURN = Math.PI * 2;

const mod = (x: number, m: number) => ((x % m) + m) % m;

/** The segment under the pointer at rotation r. */
export function segmentUnderPointer(rotation: number): number {
  return Math.floor(mod(-rotation, TURN) / SEGMENT_ANGLE) % WHEEL_SEGMENTS;
}

/**
 * How far from a segment's centre the pointer may stop, in segment widths: it always stops in the
 * middle half of the won segment, clearly inside it (a quarter of its width from either edge), not
 * near a peg where only the highlight would tell which segment won.
 */
export const MAX_LANDING_OFFSET = 0.25;

/**
 * The rotation a clockwise spin from `from` stops at: at least `turns` full turns, with the
 * pointer on `segment` at `offset` of its width from the centre (kept within ±MAX_LANDING_OFFSET).
 */
export function landingRotation(from: number, segment: number, turns: number, offset = 0): number {
  const within = Math.max(-MAX_LANDING_OFFSET, Math.min(MAX_LANDING_OFFSET, offset));
  const target = -(segment + 0.5 + within) * SEGMENT_ANGLE;
  const minimum = from + turns * TURN;
  return minimum + mod(target - minimum, TURN);
}

/** The rotation at rest on `segment`'s centre. */
export function restRotation(segment: number): number {
  return landingRotation(0, segment, 0, 0);
}

/** Pegs (segment edges) the pointer passes moving from `from` to `to` (clockwise): one tick each. */
export function pegsPassed(from: number, to: number): number {
  return Math.max(0, Math.floor(to / SEGMENT_ANGLE) - Math.floor(from / SEGMENT_ANGLE));
}
