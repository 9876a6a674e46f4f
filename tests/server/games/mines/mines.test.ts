import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { minesBoard } from '../../../../core/fair/index.ts';
import { minesMultiplier, minesPayout } from '../../../../core/games/mines.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { activeSeedPair } from '../../../helpers/queries.ts';
import { createPlayer, createTestApp } from '../../../helpers/testApp.ts';
import { createStaff } from '../../../helpers/staff.ts';
import { GAME_LIMIT_BOUNDS } from '../../../../core/games/gameSettings.ts';
import { currentBoard, journalOf, minesCall, movesOf, tilesOf } from './minesHelpers.ts';

// The Mines routes on PGlite: a board starts with the stake debited, reveals follow the seeds, a
// cash-out pays floor(stake × multiplier), a mine loses it and shows the whole board, every
// refusal is the spec's 422 and changes nothing; the books balance after each.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('Mines', () => {
  it('starts a board, reveals safe tiles with the table multipliers, cashes out once and then shows the mines', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const start = await minesCall(app, p.headers, 'bet', { amount: 12.34, mines: 3 });
    expect(start.statusCode, start.body).toBe(200);
    const board = start.json().data;
    expect(board).toMatchObject({ status: 'open', amount: 12.34, mines: 3, revealed: [], multiplier: 0, next_multiplier: minesMultiplier(3, 1), payout: 0, mine_tiles: null, balance: 87.66 });
    expect(start.headers['x-balance']).toBe('87.66');
    expect(await movesOf(app, p.id, 'mines_bet')).toEqual([-1234]);
    // The journal holds the stake open from the start, and counts it as XP.
    expect(await journalOf(app, p.id)).toEqual({ rows: [{ ref_id: board.id, stake: 1234, payout: null, multiplier: null, status: 'open', nonce: board.nonce }], wagered: 1234 });
    const { mines, safe } = await tilesOf(app, p.id, board);
    for (const [i, tile] of safe.slice(0, 4).entries()) {
      const res = await minesCall(app, p.headers, 'reveal', { tile });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'open', revealed: safe.slice(0, i + 1), multiplier: minesMultiplier(3, i + 1), next_multiplier: minesMultiplier(3, i + 2), payout: minesPayout(1234, 3, i + 1) / 100, mine_tiles: null, balance: 87.66 });
    }
    // A reload finds the board as it stands.
    expect(await currentBoard(app, p.headers)).toMatchObject({ id: board.id, status: 'open', revealed: safe.slice(0, 4), mine_tiles: null });
    const out = await minesCall(app, p.headers, 'cashout');
    expect(out.statusCode, out.body).toBe(200);
    const paid = minesPayout(1234, 3, 4);
    expect(out.json().data).toMatchObject({ status: 'cashed_out', payout: paid / 100, multiplier: minesMultiplier(3, 4), next_multiplier: null, mine_tiles: mines, balance: (8766 + paid) / 100 });
    expect(await movesOf(app, p.id, 'mines_win')).toEqual([paid]);
    expect((await journalOf(app, p.id)).rows).toEqual([{ ref_id: board.id, stake: 1234, payout: paid, multiplier: minesMultiplier(3, 4), status: 'settled', nonce: board.nonce }]);
    // Over: no board to reveal on or cash out, and a reload shows none.
    expect(await currentBoard(app, p.headers)).toBeNull();
    const again = await minesCall(app, p.headers, 'cashout');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'You have no open board.', errors: { board: ['You have no open board.'] } });
    expect(await movesOf(app, p.id, 'mines_win')).toEqual([paid]);
    await expectLedgerBalanced(app);
  });

  it('loses the stake on a mine and answers the whole board; the last safe tile cashes out by itself', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const board = (await minesCall(app, p.headers, 'bet', { amount: 1, mines: 5 })).json().data;
    const { mines, safe } = await tilesOf(app, p.id, board);
    await minesCall(app, p.headers, 'reveal', { tile: safe[0] });
    const bust = await minesCall(app, p.headers, 'reveal', { tile: mines[0] });
    expect(bust.statusCode).toBe(200);
    expect(bust.json().data).toMatchObject({ status: 'lost', revealed: [safe[0], mines[0]], multiplier: 0, payout: 0, next_multiplier: null, mine_tiles: mines, balance: 99 });
    expect(await movesOf(app, p.id, 'mines_win')).toEqual([]);
    expect((await journalOf(app, p.id)).rows).toMatchObject([{ ref_id: board.id, stake: 100, payout: 0, multiplier: 0, status: 'settled' }]);

    const all = (await minesCall(app, p.headers, 'bet', { amount: 1, mines: 24 })).json().data;
    const last = (await tilesOf(app, p.id, all)).safe;
    expect(last).toHaveLength(1);
    const won = await minesCall(app, p.headers, 'reveal', { tile: last[0] });
    expect(won.json().data).toMatchObject({ status: 'cashed_out', multiplier: 24.75, payout: 24.75, balance: 98 + 24.75 });
    await expectLedgerBalanced(app);
  });

  it('refuses in the spec’s 422 shape and changes nothing: bad bodies, a second board, a repeated tile, a cash-out before a tile, short balance', async () => {
    const p = await createPlayer(app, { balance: 500 });
    const refused = async (action: 'bet' | 'reveal' | 'cashout', payload: object, errors: Record<string, string[]>) => {
      const res = await minesCall(app, p.headers, action, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual(errors);
      expect(typeof res.json().message).toBe('string');
    };
    await refused('bet', { amount: 1, mines: 0 }, { mines: ['The mines must be a whole number from 1 to 24.'] });
    await refused('bet', { amount: 1, mines: 25 }, { mines: ['The mines must be a whole number from 1 to 24.'] });
    await refused('bet', { amount: 0.05, mines: 3 }, { amount: [expect.stringMatching(/0\.10/)] });
    await refused('bet', { amount: 6, mines: 3 }, { amount: ['Insufficient balance'] });
    await refused('reveal', { tile: 3 }, { tile: ['You have no open board.'] });
    const board = (await minesCall(app, p.headers, 'bet', { amount: 1, mines: 3 })).json().data;
    await refused('bet', { amount: 1, mines: 3 }, { mines: ['Finish your open board first.'] });
    await refused('cashout', {}, { board: ['Reveal a tile before you cash out.'] });
    await refused('reveal', { tile: 25 }, { tile: ['The tile must be a whole number from 0 to 24.'] });
    const { safe } = await tilesOf(app, p.id, board);
    await minesCall(app, p.headers, 'reveal', { tile: safe[0] });
    await refused('reveal', { tile: safe[0] }, { tile: ['That tile is already revealed.'] });
    expect(await movesOf(app, p.id, 'mines_bet')).toEqual([-100]);
    expect(await app.wallet.balance(p.id)).toBe(400);
    expect(await journalOf(app, p.id)).toMatchObject({ rows: [{ ref_id: board.id, stake: 100, status: 'open' }], wagered: 100 });
    expect((await app.inject({ method: 'GET', url: '/api/mines/current' })).statusCode).toBe(401);
    await expectLedgerBalanced(app);
  });

  it('keeps the seeds while a board is open (rotating would show its mines), then the revealed seed gives the board shown', async () => {
    const p = await createPlayer(app, { balance: 1_000 });
    const board = (await minesCall(app, p.headers, 'bet', { amount: 1, mines: 7 })).json().data;
    const rotate = () => app.inject({ method: 'POST', url: '/api/fair/seeds/rotate', headers: p.headers });
    const refused = await rotate();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'Finish the game you have open before you change your seeds.', msg: 'Finish the game you have open before you change your seeds.' });
    const { safe } = await tilesOf(app, p.id, board);
    await minesCall(app, p.headers, 'reveal', { tile: safe[0] });
    const ended = (await minesCall(app, p.headers, 'cashout')).json().data;
    const rotated = await rotate();
    expect(rotated.statusCode, rotated.body).toBe(200);
    const previous = rotated.json().data.previous;
    expect(previous.server_seed_hash).toBe(board.server_seed_hash);
    expect(minesBoard(previous.server_seed, previous.client_seed, board.nonce, 7)).toEqual(ended.mine_tiles);
  });

  it('shows in the player’s history from the journal alone: in play while open, then what it paid', async () => {
    const p = await createPlayer(app, { balance: 1_000 });
    const history = async () => (await app.inject({ method: 'GET', url: '/api/profile/bets?game=mines', headers: p.headers })).json().data;
    const board = (await minesCall(app, p.headers, 'bet', { amount: 2, mines: 2 })).json().data;
    expect(await history()).toMatchObject([{ id: `mines:${board.id}`, game: 'mines', stake: 2, payout: null, result: 'In play', fairness: `Seed pair ${(await activeSeedPair(app.db, p.id)).id}, nonce ${board.nonce}` }]);
    const { safe } = await tilesOf(app, p.id, board);
    await minesCall(app, p.headers, 'reveal', { tile: safe[0] });
    const out = (await minesCall(app, p.headers, 'cashout')).json().data;
    expect(await history()).toMatchObject([{ id: `mines:${board.id}`, stake: 2, payout: out.payout, multiplier: out.multiplier, result: `Cashed out at ${out.multiplier.toFixed(2)}×` }]);
  });
  it('lists ended boards under the board (mine, recent, high wins) from the journal, never an open one, its seed hidden until revealed', async () => {
    const p = await createPlayer(app, { balance: 1_000 });
    const list = async (scope: string, headers = p.headers) => {
      const res = await app.inject({ method: 'GET', url: `/api/mines/history?scope=${scope}&limit=5`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; game: string; user: { id: number }; amount: number; multiplier: number; payout: number; nonce: number; fair: { server_seed: string | null; nonce: number } }[];
    };
    const won = (await minesCall(app, p.headers, 'bet', { amount: 3, mines: 2 })).json().data;
    const { safe } = await tilesOf(app, p.id, won);
    await minesCall(app, p.headers, 'reveal', { tile: safe[0] });
    const out = (await minesCall(app, p.headers, 'cashout')).json().data;
    const lost = (await minesCall(app, p.headers, 'bet', { amount: 1, mines: 2 })).json().data;
    await minesCall(app, p.headers, 'reveal', { tile: (await tilesOf(app, p.id, lost)).mines[0] });
    const open = (await minesCall(app, p.headers, 'bet', { amount: 2, mines: 2 })).json().data;
    const mine = await list('mine');
    // Newest first; the open board is not listed; each row as its board's answer showed it.
    expect(mine.map((r) => [r.game, r.nonce, r.amount, r.multiplier, r.payout])).toEqual([
      ['mines', lost.nonce, 1, 0, 0],
      ['mines', won.nonce, 3, out.multiplier, out.payout],
    ]);
    expect(mine.every((r) => r.user.id === p.id && r.fair.server_seed === null && r.fair.nonce === r.nonce)).toBe(true);
    expect((await list('recent')).some((r) => r.nonce === open.nonce && r.user.id === p.id)).toBe(false);
    expect((await list('high_wins')).every((r) => r.payout > 0)).toBe(true);
    // Everyone's lists need no sign-in; the player's own does.
    expect((await app.inject({ method: 'GET', url: '/api/mines/history?scope=recent' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/mines/history?scope=mine' })).statusCode).toBe(401);
    await minesCall(app, p.headers, 'reveal', { tile: (await tilesOf(app, p.id, open)).mines[0] });
  });

  it('follows the console’s settings: the bet range, and the payout cap in force at the start, which cashes the board out when reached', async () => {
    const admin = await createStaff(app, 'admin');
    const settings = (limits: { min_bet: number; max_bet: number; max_payout: number }) => app.inject({ method: 'PUT', url: '/api/admin/settings/mines', headers: admin.headers, payload: limits });
    const p = await createPlayer(app, { balance: 10_000 });
    expect((await settings({ min_bet: 0.5, max_bet: 2, max_payout: 5 })).statusCode).toBe(200);
    const amountRefusal = async (payload: object) => (await minesCall(app, p.headers, 'bet', payload)).json().errors;
    expect(await amountRefusal({ amount: 2.01, mines: 3 })).toEqual({ amount: ['The amount may not be greater than 2.00.'] });
    expect(await amountRefusal({ amount: 0.4, mines: 3 })).toEqual({ amount: ['The amount must be at least 0.50.'] });
    // The first safe tile must pay within the cap: 24 mines pay 24.75× on it, so a cap of 5 coins
    // allows at most 0.20, below the least bet of 0.50 (then, with a least bet of 0.10, 0.20 is named).
    expect(await amountRefusal({ amount: 1, mines: 24 })).toEqual({ amount: ['The payout cap of 5.00 allows no bet with these odds.'] });
    expect((await settings({ min_bet: 0.1, max_bet: 2, max_payout: 5 })).statusCode).toBe(200);
    expect(await amountRefusal({ amount: 1, mines: 24 })).toEqual({ amount: ['The amount may not be greater than 0.20.'] });
    expect(await movesOf(app, p.id, 'mines_bet')).toEqual([]);

    const board = (await minesCall(app, p.headers, 'bet', { amount: 1, mines: 3 })).json().data;
    // The cap widened again after the start: the board keeps the one it started with.
    expect((await settings({ min_bet: 0.1, max_bet: 1000, max_payout: GAME_LIMIT_BOUNDS.mines.maxPayout / 100 })).statusCode).toBe(200);
    const { safe } = await tilesOf(app, p.id, board);
    const capReached = safe.findIndex((_, i) => minesPayout(100, 3, i + 1, Number.MAX_SAFE_INTEGER) >= 500);
    let last;
    for (const tile of safe.slice(0, capReached + 1)) last = (await minesCall(app, p.headers, 'reveal', { tile })).json().data;
    expect(last).toMatchObject({ status: 'cashed_out', revealed: safe.slice(0, capReached + 1), payout: 5, balance: 104 });
    expect(await movesOf(app, p.id, 'mines_win')).toEqual([500]);
    expect((await journalOf(app, p.id)).rows).toMatchObject([{ ref_id: board.id, stake: 100, payout: 500, multiplier: 5, status: 'settled' }]);
    await expectLedgerBalanced(app);
  });
});
