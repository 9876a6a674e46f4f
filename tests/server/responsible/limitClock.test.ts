import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/http/errors.ts';
import { placeDiceBet } from '../../../server/games/dice/placeDiceBet.ts';
import { responsibleState, setLimit, takeBreak } from '../../../server/responsible/settings.ts';
import { marketingRecipients } from '../../../server/responsible/marketing.ts';
import { createPlayer } from '../../helpers/testApp.ts';
import { manualClock } from '../../helpers/manualClock.ts';
import { createTestServices, settlementPlayerOf, type TestServices } from '../../helpers/testServices.ts';

// Limits over time, on the stake gate's injected clock (server/responsible/playGate.ts): a lower
// limit applies at once, a raise or a removal only 24 hours later (shown as pending until then), and
// a break ends exactly at its end. Dice bets as the domain module settles them (placeDiceBet).

const HOUR = 3_600_000;
let services: TestServices;
const clock = manualClock(Date.now());
beforeAll(async () => {
  services = await createTestServices({}, clock);
});
afterAll(async () => {
  await services?.close();
});

const now = () => new Date(clock.now());
/** A 1-coin dice bet: its status (200 or the refusal's 422) and the refusal's message. */
async function bet(p: { id: number; token: string }, cents = 1_00): Promise<{ status: number; message?: string }> {
  try {
    await placeDiceBet(services, { player: settlementPlayerOf(services, p), amount: cents, target: 50, direction: 'under' });
    return { status: 200 };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}
const wagerDay = async (userId: number) => (await responsibleState(services.db, userId, now())).data.limits.find((l) => l.kind === 'wager' && l.period === 'day')!;

describe('limits over time', () => {
  it('lowering applies at once; raising and removing wait 24 hours, shown as pending', async () => {
    const p = await createPlayer(services, { balance: 1000_00 });
    await setLimit(services.db, p.id, 'wager', 'day', 3_00, now());
    expect(await bet(p)).toEqual({ status: 200 });
    expect(await bet(p)).toEqual({ status: 200 });
    // Lower, to what is already staked: the next bet is refused at once.
    await setLimit(services.db, p.id, 'wager', 'day', 2_00, now());
    expect((await bet(p)).message).toMatch(/daily wager limit of 2\.00 coins/);
    // The games read the same rule before the tap: stakes closed with the limit and its reset, deposits open.
    const blocked = (await responsibleState(services.db, p.id, now())).data.blocked;
    expect(blocked.stake).toEqual({ reason: 'wager', message: expect.stringMatching(/^You have reached your daily wager limit of 2\.00 coins\. It resets at \d\d\.\d\d\.\d\d, 00:00 UTC\.$/), until: (await wagerDay(p.id)).resets_at });
    expect(blocked.deposit).toBeNull();
    // Raise: still 2 coins for 24 hours, the raise pending with its time.
    await setLimit(services.db, p.id, 'wager', 'day', 10_00, now());
    const applies = new Date(clock.now() + 24 * HOUR).toISOString();
    expect(await wagerDay(p.id)).toMatchObject({ amount: 2, used: 2, pending: { amount: 10, applies_at: applies } });
    // The stakes are read from the ledger by the database's time, which the test clock does not move:
    // the bets here are sized so that only which limit applies decides them (3 > 2 refused whatever was used).
    clock.jump(clock.now() + 24 * HOUR - 1);
    expect((await bet(p, 3_00)).status).toBe(422);
    clock.jump(clock.now() + 1);
    expect(await wagerDay(p.id)).toMatchObject({ amount: 10, pending: null });
    expect(await bet(p, 3_00)).toEqual({ status: 200 });
    // Remove: the 10 coins still hold for 24 hours, then nothing is left to check.
    await setLimit(services.db, p.id, 'wager', 'day', null, now());
    expect(await wagerDay(p.id)).toMatchObject({ amount: 10, pending: { amount: null } });
    expect((await bet(p, 11_00)).status).toBe(422);
    clock.jump(clock.now() + 24 * HOUR);
    expect(await wagerDay(p.id)).toMatchObject({ amount: null, pending: null });
    expect(await bet(p, 11_00)).toEqual({ status: 200 });
    // A lower limit while a raise waits replaces both at once.
    await setLimit(services.db, p.id, 'loss', 'week', 50_00, now());
    await setLimit(services.db, p.id, 'loss', 'week', 80_00, now());
    await setLimit(services.db, p.id, 'loss', 'week', 1_00, now());
    const loss = (await responsibleState(services.db, p.id, now())).data.limits.find((l) => l.kind === 'loss' && l.period === 'week')!;
    expect(loss).toMatchObject({ amount: 1, pending: null });
  });

  it('a cool-off ends at its end and not before; a self-exclusion cannot be shortened', async () => {
    const p = await createPlayer(services, { balance: 100_00 });
    await takeBreak(services.db, p.id, 'cool_off_24h', now());
    expect((await bet(p)).message).toMatch(/You are on a cool-off until/);
    const onBreak = (await responsibleState(services.db, p.id, now())).data.blocked;
    expect(onBreak.stake).toEqual({ reason: 'cool_off', message: expect.stringMatching(/^You are on a cool-off until/), until: new Date(clock.now() + 24 * HOUR).toISOString() });
    expect(onBreak.deposit).toEqual(onBreak.stake);
    await expect(takeBreak(services.db, p.id, 'cool_off_24h', now())).rejects.toThrow(/already runs until/);
    clock.jump(clock.now() + 24 * HOUR - 1);
    expect((await bet(p)).status).toBe(422);
    clock.jump(clock.now() + 1);
    expect((await responsibleState(services.db, p.id, now())).data.blocked).toEqual({ stake: null, deposit: null });
    expect(await bet(p)).toEqual({ status: 200 });
    await takeBreak(services.db, p.id, 'self_exclusion_indefinite', now());
    expect((await bet(p)).message).toMatch(/self-excluded indefinitely/);
    await expect(takeBreak(services.db, p.id, 'self_exclusion_1y', now())).rejects.toThrow(/indefinite already/);
    clock.jump(clock.now() + 1000 * 24 * HOUR);
    expect((await bet(p)).status).toBe(422);
  });
});

describe('promotional mail', () => {
  it('stops for a player on a break and comes back when it ends; a player who did not ask gets none', async () => {
    const asked = await createPlayer(services);
    const other = await createPlayer(services);
    await services.db.updateTable('users').set({ promotions: true }).where('id', '=', asked.id).execute();
    const recipients = async () => (await marketingRecipients(services.db, now())).map((r) => r.id).filter((id) => id === asked.id || id === other.id);
    expect(await recipients()).toEqual([asked.id]);
    await takeBreak(services.db, asked.id, 'cool_off_7d', now());
    expect(await recipients()).toEqual([]);
    clock.jump(clock.now() + 7 * 24 * HOUR);
    expect(await recipients()).toEqual([asked.id]);
  });
});
