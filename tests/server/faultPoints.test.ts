import { describe, expect, it } from 'vitest';
import { faultPoints, noFaultPoints } from '../../server/faultPoints.ts';
import { loadConfig } from '../../server/config.ts';

// The test-only crash points: they fire at the named point's chosen pass only, are the empty
// function without FAULT_POINT, and production refuses to start with one.

describe('fault points', () => {
  it('die at the named point on its chosen pass, never elsewhere', () => {
    const deaths: string[] = [];
    const point = faultPoints({ name: 'moved:crash_win', after: 2 }, () => deaths.push('dead'));
    point('moved:crash_bet');
    point('moved:crash_win');
    expect(deaths).toEqual([]);
    point('committed:crash_win');
    point('moved:crash_win');
    expect(deaths).toEqual(['dead']);
  });

  it('are the empty function without FAULT_POINT', () => {
    expect(faultPoints(undefined)).toBe(noFaultPoints);
    expect(loadConfig({ NODE_ENV: 'test' }).faultPoint).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', FAULT_POINT: 'moved:deposit', FAULT_POINT_AFTER: '3' }).faultPoint).toEqual({ name: 'moved:deposit', after: 3 });
  });

  it('production refuses to start with one', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars', PUSHER_SECRET: 'a-production-pusher-secret' };
    expect(() => loadConfig({ ...production, FAULT_POINT: 'moved:deposit' })).toThrow(/FAULT_POINT: a test-only crash point; never in production/);
    expect(() => loadConfig(production)).not.toThrow();
  });
});
