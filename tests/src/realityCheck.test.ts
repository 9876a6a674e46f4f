import { describe, expect, it } from 'vitest';
import { msUntilReminder } from '../../src/features/responsible/RealityCheck.tsx';

// The reality check's schedule: the next whole interval of the session, counted from sign-in.
describe('msUntilReminder', () => {
  const started = Date.UTC(2026, 10, 26, 10, 0);
  const session = (minutes: 15 | 30 | 60 | null) => ({ started_at: new Date(started).toISOString(), reality_check_minutes: minutes });
  it('waits for the next whole interval since sign-in, a full one right at a boundary, none when off', () => {
    expect(msUntilReminder(session(15), started + 60_000)).toBe(14 * 60_000);
    expect(msUntilReminder(session(15), started + 20 * 60_000)).toBe(10 * 60_000);
    expect(msUntilReminder(session(30), started + 30 * 60_000)).toBe(30 * 60_000);
    expect(msUntilReminder(session(60), started)).toBe(60 * 60_000);
    expect(msUntilReminder(session(null), started + 60_000)).toBeNull();
  });
});
