import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../../../helpers/testApp.ts';
import { betsOf, seedPairOf } from '../../../helpers/queries.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { limboResult } from '../../../../core/fair/index.ts';
import { limboPayout } from '../../../../core/games/limbo.ts';
import { OPS_ACTOR } from '../../../../server/admin/audit.ts';
import { setGameLimits } from '../../../../server/gameSettings/gameSettings.ts';
import { GAME_LIMIT_BOUNDS } from '../../../../core/games/gameSettings.ts';

// POST /api/limbo/bet over HTTP (docs/limbo.md): the result is the seed pair's, the payout stake ×
// target on a win, the stake and the win are ledger rows (balance = ledger sum), the bet is a
// game_bets row of game 'limbo' with its seed pair and nonce, a settled row of the bets journal, and
// counts as wagered; refusals are the
// 422 validation shape and change nothing; the payout cap of the game settings applies.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const bet = (headers: Record<string, string> | undefined, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/limbo/bet', headers, payload });

async function state(userId: number) {
  const user = await app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  const ledger = await app.db.selectFrom('ledger_entries').innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id').select(['ledger_entries.reason', 'ledger_entries.amount']).where('accounts.user_id', '=', userId).orderBy('ledger_entries.id').execute();
  return { balance: await app.wallet.balance(userId), wagered: Number(user.wagered), bets: await betsOf(app.db, userId), ledger: ledger.map((l) => [l.reason, Number(l.amount)]) };
}

describe('POST /api/limbo/bet', () => {
  it('refuses without a token', async () => {
    const res = await bet(undefined, { amount: 1, target: 2 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses bad bets with a 422 on the field, and nothing changes', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 0.09, target: 2 }, 'amount', 'The amount must be at least 0.10.'],
      [{ amount: 1000.01, target: 2 }, 'amount', 'The amount may not be greater than 1000.00.'],
      [{ amount: 1.001, target: 2 }, 'amount', ''],
      [{ amount: 60, target: 2 }, 'amount', 'Insufficient balance'],
      [{ amount: 1, target: 1 }, 'target', 'The target must be between 1.01 and 1,000,000.'],
      [{ amount: 1, target: 1_000_000.01 }, 'target', ''],
      [{ amount: 1, target: 2.001 }, 'target', 'The target must be a number with at most 2 decimals.'],
      [{ amount: 1, target: 'x' }, 'target', ''],
    ];
    const p = await createPlayer(app, { balance: 5_000 });
    const before = await state(p.id);
    for (const [payload, field, message] of cases) {
      const res = await bet(p.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      const body = res.json();
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toEqual([field]);
      if (message) expect(body.errors[field]).toEqual([message]);
    }
    expect(await state(p.id)).toEqual({ ...before, balance: 5_000, wagered: 0, bets: [] });
  });

  it('settles bets from the seed pair: result, win, payout, ledger rows, bet rows, wagered, and the histories', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    const before = await state(p.id);
    const targets = [1.01, 1.5, 2, 3.33, 10, 1.01, 2, 50, 1.2, 2.5];
    let expected = 100_000;
    const answers = [];
    for (const target of targets) {
      const res = await bet(p.headers, { amount: 1.55, target });
      expect(res.statusCode).toBe(200);
      answers.push(res.json().data);
    }
    // The pair was made at the first bet and never rotated: its seeds decided every bet.
    const pair = await seedPairOf(app.db, p.id);
    for (const [i, target] of targets.entries()) {
      const a = answers[i];
      const result = limboResult(pair.server_seed, pair.client_seed, a.nonce);
      const win = result >= target;
      const payout = win ? limboPayout(155, target) : 0;
      expected += payout - 155;
      expect(a).toMatchObject({ result, target, win, multiplier: win ? target : 0, payout: payout / 100, balance: expected / 100, client_seed: pair.client_seed, server_seed_hash: pair.server_seed_hash });
    }
    expect(answers.some((a) => a.win)).toBe(true);
    expect(answers.map((a) => a.nonce)).toEqual(targets.map((_, i) => i + 1));
    const after = await state(p.id);
    expect(after.balance).toBe(expected);
    expect(after.wagered - before.wagered).toBe(155 * targets.length);
    expect(after.bets.map((b) => ({ game: b.game, amount: b.amount, payout: b.payout, nonce: b.nonce }))).toEqual(
      answers.map((a) => ({ game: 'limbo', amount: 155, payout: Math.round(a.payout * 100), nonce: a.nonce })),
    );
    // The bets journal holds each bet as a settled stake, written by the instant bet flow (no line of limbo's own).
    const journal = await app.db.selectFrom('bets').select(['game', 'stake', 'payout', 'status', 'nonce']).where('user_id', '=', p.id).orderBy('id').execute();
    expect(journal.map((j) => ({ ...j, stake: Number(j.stake), payout: Number(j.payout) }))).toEqual(
      answers.map((a) => ({ game: 'limbo', stake: 155, payout: Math.round(a.payout * 100), status: 'settled', nonce: a.nonce })),
    );
    const moves = after.ledger.slice(before.ledger.length);
    expect(moves).toEqual(answers.flatMap((a) => [['limbo_bet', -155], ...(a.win ? [['limbo_win', Math.round(a.payout * 100)]] : [])]));
    await expectLedgerBalanced(app);

    const mine = (await app.inject({ method: 'GET', url: '/api/limbo/history?scope=mine', headers: p.headers })).json().data;
    expect(mine[0]).toMatchObject({ game: 'limbo', amount: 1.55, payout: answers.at(-1).payout, nonce: answers.at(-1).nonce, user: { id: p.id } });
    expect(mine[0].fair).toMatchObject({ server_seed: null, client_seed: pair.client_seed, nonce: answers.at(-1).nonce });
    // The player's history words each bet by limbo's catalog entry (no line of its own in the history).
    const last = answers.at(-1);
    const profile = (await app.inject({ method: 'GET', url: '/api/profile/bets?game=limbo', headers: p.headers })).json().data;
    expect(profile[0].result).toBe(`Result ${last.result.toFixed(2)}× (target ${last.target.toFixed(2)}×), ${last.win ? 'won' : 'lost'}`);
  });

  it('applies the game settings: a bet whose win would pass the payout cap is refused on the amount', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    await setGameLimits(app.db, app.bus, OPS_ACTOR, 'limbo', { ...GAME_LIMIT_BOUNDS.limbo, maxPayout: 10_000 });
    await app.gameSettings.reload();
    try {
      const res = await bet(p.headers, { amount: 10, target: 1001 });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['amount']);
      expect((await bet(p.headers, { amount: 10, target: 10 })).statusCode).toBe(200);
    } finally {
      await setGameLimits(app.db, app.bus, OPS_ACTOR, 'limbo', GAME_LIMIT_BOUNDS.limbo);
      await app.gameSettings.reload();
    }
  });
});
