import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { minesPayout } from '../../../../core/games/mines.ts';
import { buildApp } from '../../../../server/app.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { createScratchDatabase } from '../../../helpers/scratchDatabase.ts';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../../helpers/testApp.ts';
import { testConfig } from '../../../helpers/testConfig.ts';
import { currentBoard, journalOf, minesCall, movesOf, tilesOf } from './minesHelpers.ts';

// Mines on real PostgreSQL (PGlite is one connection and cannot race): a cash-out and reveals sent
// at the same moment settle the board exactly once (one credit at most, one ending); two starts at
// once open one board; and a board survives the server's restart.
describe.runIf(hasPostgres)('Mines on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a cash-out racing a reveal of a mine and a reveal of a safe tile settles each board once (15 rounds)', async () => {
    const p = await createPlayer(app, { balance: 100_000 });
    for (let round = 0; round < 15; round++) {
      const board = (await minesCall(app, p.headers, 'bet', { amount: 10, mines: 3 })).json().data;
      const { mines, safe } = await tilesOf(app, p.id, board);
      await minesCall(app, p.headers, 'reveal', { tile: safe[0] });
      const before = await app.wallet.balance(p.id);
      const answers = await Promise.all([minesCall(app, p.headers, 'cashout'), minesCall(app, p.headers, 'reveal', { tile: mines[0] }), minesCall(app, p.headers, 'reveal', { tile: safe[1] }), minesCall(app, p.headers, 'cashout')]);
      for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
      const ended = answers.filter((a) => a.statusCode === 200 && a.json().data.status !== 'open').map((a) => a.json().data);
      expect(ended, answers.map((a) => a.body).join('\n')).toHaveLength(1);
      const end = ended[0]!;
      const paid = end.status === 'cashed_out' ? minesPayout(1000, 3, end.revealed.length) : 0;
      expect(end.payout).toBe(paid / 100);
      expect(await app.wallet.balance(p.id)).toBe(before + paid);
      expect(await currentBoard(app, p.headers)).toBeNull();
    }
    const rows = await app.db.withTables<{ mines_boards: { user_id: number; status: string; payout: number | null } }>().selectFrom('mines_boards').select(['status', 'payout']).where('user_id', '=', p.id).execute();
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.status !== 'open')).toBe(true);
    const wins = await movesOf(app, p.id, 'mines_win');
    expect(wins.toSorted()).toEqual(rows.filter((r) => Number(r.payout) > 0).map((r) => Number(r.payout)).toSorted());
    // The journal settled each board once, with the payout the ledger paid.
    const journal = await journalOf(app, p.id);
    expect(journal.rows.map((r) => r.status)).toEqual(Array(15).fill('settled'));
    expect(journal.rows.reduce((sum, r) => sum + Number(r.payout), 0)).toBe(wins.reduce((a, b) => a + b, 0));
    expect(journal.wagered).toBe(15 * 1000);
    await expectLedgerBalanced(app);
  });

  it('two starts at once open one board and debit one stake', async () => {
    const p = await createPlayer(app, { balance: 10_000 });
    const answers = await Promise.all([1, 2, 3].map(() => minesCall(app, p.headers, 'bet', { amount: 5, mines: 2 })));
    expect(answers.map((a) => a.statusCode).toSorted()).toEqual([200, 422, 422]);
    expect(await movesOf(app, p.id, 'mines_bet')).toEqual([-500]);
    expect(await app.wallet.balance(p.id)).toBe(9_500);
    await expectLedgerBalanced(app);
  });

  it('a board started before a restart is found, played on and cashed out after it', async () => {
    const database = await createScratchDatabase('shop_mines');
    const config = testConfig({ DATABASE_URL: database.url.toString() });
    try {
      const first = await buildApp(config, { seed: false });
      const p = await createPlayer(first, { balance: 5_000 });
      const board = (await minesCall(first, p.headers, 'bet', { amount: 20, mines: 4 })).json().data;
      const { safe } = await tilesOf(first, p.id, board);
      await minesCall(first, p.headers, 'reveal', { tile: safe[0] });
      await first.close();
      const second = await buildApp(config, { seed: false });
      try {
        expect(await currentBoard(second, p.headers)).toMatchObject({ id: board.id, status: 'open', revealed: [safe[0]], mine_tiles: null });
        await minesCall(second, p.headers, 'reveal', { tile: safe[1] });
        const out = (await minesCall(second, p.headers, 'cashout')).json().data;
        expect(out).toMatchObject({ status: 'cashed_out', payout: minesPayout(2000, 4, 2) / 100 });
        expect(await second.wallet.balance(p.id)).toBe(3_000 + minesPayout(2000, 4, 2));
        await expectLedgerBalanced(second);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
