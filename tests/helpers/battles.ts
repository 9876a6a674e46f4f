import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { battlePublicSeed, battleRolls, battleSplitOrder, battleTieBreak, pickByTicket, sha256Hex, ticketRanges } from '../../core/fair/index.ts';
import { battleOutcome, seatTotals, splitPrize, teamSeats } from '../../core/games/battle.ts';
import type { BattleDetail } from '../../core/protocol/battle.ts';
import { coinsToCents } from '../../core/money/cents.ts';
import { versionItems } from '../../server/boxes/boxVersions.ts';
import type { Db } from '../../server/db/database.ts';

// Shared by the battle suites: fast pacing, the catalog's boxes, waiting for the end, and the
// re-derivation of a finished battle from its revealed seeds.

export const FAST_BATTLES = { BATTLE_ROUND_MS: '300', BATTLE_SPIN_MS: '200', BATTLE_START_DELAY_MS: '0', BATTLE_TICK_MS: '20' };

export async function shopBoxes(app: { db: Db }, n: number) {
  return app.db.selectFrom('boxes').select(['id', 'slug', 'price']).where('free_level', 'is', null).where('type', '!=', 'custom').orderBy('price').limit(n).execute();
}

/** `key`: a private battle's link key. */
export async function detailOf(app: FastifyInstance, id: number, key?: string): Promise<BattleDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/battles/${id}${key ? `?key=${key}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BattleDetail;
}

export async function waitForStatus(app: FastifyInstance, id: number, status: string, timeoutMs = 20_000, key?: string): Promise<BattleDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await detailOf(app, id, key);
    if (d.status === status) return d;
    if (Date.now() > until) throw new Error(`battle ${id} is ${d.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every roll, item and the winner re-derive from the revealed server seed and the seats' client seeds. */
export async function expectBattleReDerives(app: { db: Db }, d: BattleDetail): Promise<void> {
  expect(d.server_seed).toMatch(/^[0-9a-f]{64}$/);
  expect(sha256Hex(d.server_seed!)).toBe(d.server_seed_hash);
  const publicSeed = battlePublicSeed(d.seats.map((s) => s.client_seed!));
  expect(d.public_seed).toBe(publicSeed);
  expect(d.rounds).toHaveLength(d.rounds_total);
  const values: number[][] = [];
  for (const round of d.rounds) {
    const tickets = battleRolls(d.server_seed!, publicSeed, round.round, d.seats_total);
    expect(round.results.map((r) => r.ticket)).toEqual(tickets);
    // The round's own box version (its detail names it): the odds the battle was created with, whatever the box holds now.
    const items = await versionItems(app.db, round.box.version_id);
    const ranges = ticketRanges(items.map((i) => i.odds_units));
    expect(round.results.map((r) => r.item.id)).toEqual(tickets.map((t) => items[pickByTicket(t, ranges)]!.id));
    values.push(round.results.map((r) => coinsToCents(r.item.price)!));
  }
  const outcome = battleOutcome(d.mode, d.crazy, seatTotals(values, d.seats_total), (tied) => battleTieBreak(d.server_seed!, publicSeed, tied));
  expect(d.winner?.team).toBe(outcome.winnerTeam);
  // The split: every item to the seat the published rule gives it, in the seeds' split order.
  const items = values.flatMap((round, r) => round.map((value, seat) => ({ value, round: r + 1, seat })));
  const receivers = splitPrize(items, battleSplitOrder(d.server_seed!, publicSeed, teamSeats(d.mode, outcome.winnerTeam)));
  const awarded = new Map(d.winner!.awards.map((a) => [`${a.round}:${a.seat}`, a.to_seat]));
  expect(items.map((it) => awarded.get(`${it.round}:${it.seat}`))).toEqual(receivers);
}
