import { describe, expect, it } from 'vitest';
import { leaderboardWeekStart } from '../../../server/games/history.ts';

// The leaderboard week starts on Thursday 18:00 UTC (docs/product.md §9).
describe('leaderboardWeekStart', () => {
  it('is the latest Thursday 18:00 UTC at or before the moment', () => {
    expect(leaderboardWeekStart(new Date('2026-11-19T18:00:00Z')).toISOString()).toBe('2026-11-19T18:00:00.000Z');
    expect(leaderboardWeekStart(new Date('2026-11-19T17:59:59Z')).toISOString()).toBe('2026-11-12T18:00:00.000Z');
    expect(leaderboardWeekStart(new Date('2026-11-21T15:00:00Z')).toISOString()).toBe('2026-11-19T18:00:00.000Z');
    expect(leaderboardWeekStart(new Date('2026-11-26T17:00:00Z')).toISOString()).toBe('2026-11-19T18:00:00.000Z');
    expect(leaderboardWeekStart(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2026-12-31T18:00:00.000Z');
  });
});
