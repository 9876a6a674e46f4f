import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashHundredthsAt, crashMsToReach, crashPayout } from '../../../core/games/crash.ts';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { createCrashApp, untilCrashLoopRuns } from '../../helpers/crashRounds.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { settlementPlayerOf } from '../../helpers/testServices.ts';
import { copySeedPair, domainRowsOf, journalOf, ledgerOf, wageredMismatches } from './journalHelpers.ts';
import { instantBetSettlement } from '../../../server/games/bets.ts';
import { openingSettlement } from '../../../server/boxes/openingEffects.ts';

// The bets journal on both ways of each domain (server/journal/journal.ts): the one-statement
// settlement (server/games/bets.ts, server/boxes/openingEffects.ts, server/games/crash/crashCashOut.ts) and the
// long way (a wallet transaction) write the same journal rows, the same ledger rows and the same
// domain rows (bet rows, inventory and drops, round bets, the rolls of the seed pair) for the same inputs. Two players with the very same seed pair play the same bets; one of them has a
// responsible-gaming row, which the statements' stake condition sends the long way (the wallet's
// stake gate then lets an empty row through), so each bet is settled once each way.

type Player = Awaited<ReturnType<typeof createPlayer>>;

describe.runIf(hasPostgres)('the journal on the statement and the long way (PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    await seedCatalog(app);
  }, 60_000);
  afterAll(() => app?.close());

  /** A player on the statement and one sent the long way, on the same seed pair. */
  async function twins(): Promise<[Player, Player]> {
    const [quick, slow] = await Promise.all([createPlayer(app, { balance: 100_000 }), createPlayer(app, { balance: 100_000 })]);
    for (const p of [quick!, slow!]) expect((await app.inject({ url: '/api/fair/seeds', headers: p.headers })).statusCode).toBe(200);
    await copySeedPair(app.db, quick!.id, slow!.id);
    await app.db.insertInto('responsible_gaming').values({ user_id: slow!.id }).execute();
    return [quick!, slow!];
  }

  const sizes = () => ({ instant: app.wallet.batchSizes(instantBetSettlement).batches, openings: app.wallet.batchSizes(openingSettlement).batches });

  it('dice and plinko bets: the same journal and ledger rows either way', async () => {
    const [quick, slow] = await twins();
    const bets = [
      { url: '/api/dice/bet', payload: { amount: 1.5, target: 50, direction: 'under' } },
      { url: '/api/dice/bet', payload: { amount: 2, target: 90, direction: 'over' } },
      { url: '/api/plinko/bet', payload: { amount: 1, rows: 8, risk: 'high' } },
      { url: '/api/dice/bet', payload: { amount: 0.37, target: 5, direction: 'under' } },
    ];
    sizes();
    for (const p of [quick, slow]) {
      for (const bet of bets) {
        const res = await app.inject({ method: 'POST', headers: p.headers, ...bet });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    // Every bet of both went to the statement once; the other player's were refused there (their
    // limits row) and settled the long way.
    expect(sizes().instant).toBe(2 * bets.length);
    const journal = await journalOf(app.db, quick.id);
    expect(journal).toHaveLength(bets.length);
    expect(journal.map((j) => [j.game, j.stake, j.status, j.nonce, j.paired, j.settled_at_placed])).toEqual([
      ['dice', 150, 'settled', 1, true, true],
      ['dice', 200, 'settled', 2, true, true],
      ['plinko', 100, 'settled', 3, true, true],
      ['dice', 37, 'settled', 4, true, true],
    ]);
    expect(await journalOf(app.db, slow.id)).toEqual(journal);
    expect(await ledgerOf(app.db, slow.id)).toEqual(await ledgerOf(app.db, quick.id));
    const domain = await domainRowsOf(app.db, quick.id);
    expect(domain.instant).toHaveLength(bets.length);
    expect(domain.rolls).toEqual([1, 2, 3, 4]);
    expect(await domainRowsOf(app.db, slow.id)).toEqual(domain);
    // Each journal row is its bet row's: stake, payout and multiplier as the game stored them.
    const rows = await app.db.selectFrom('bets as j').innerJoin('game_bets as g', (on) => on.onRef('g.id', '=', 'j.ref_id').onRef('g.game', '=', 'j.game')).select(['j.stake', 'g.amount', 'j.payout', 'g.payout as bet_payout', 'j.multiplier', 'g.multiplier as bet_multiplier', 'j.nonce', 'g.nonce as bet_nonce', 'j.seed_pair_id', 'g.seed_pair_id as bet_pair']).where('j.user_id', 'in', [quick.id, slow.id]).execute();
    expect(rows).toHaveLength(2 * bets.length);
    for (const r of rows) expect([r.stake, r.payout, Number(r.multiplier), r.nonce, r.seed_pair_id]).toEqual([r.amount, r.bet_payout, Number(r.bet_multiplier), r.bet_nonce, r.bet_pair]);
    expect(await wageredMismatches(app.db)).toEqual([]);
    await expectLedgerBalanced(app);
  });

  it('box openings: the same journal and ledger rows either way, one row per opening', async () => {
    const [quick, slow] = await twins();
    sizes();
    for (const p of [quick, slow]) {
      for (const quantity of [2, 1]) {
        const res = await app.inject({ method: 'POST', url: '/api/boxes/tech-drop/open', headers: p.headers, payload: { quantity } });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    expect(sizes().openings).toBe(4);
    const journal = await journalOf(app.db, quick.id);
    expect(journal.map((j) => [j.game, j.status, j.nonce, j.paired, j.settled_at_placed])).toEqual([1, 2, 3].map((n) => ['box', 'settled', n, true, true]));
    const price = (await app.db.selectFrom('boxes').select('price').where('slug', '=', 'tech-drop').executeTakeFirstOrThrow()).price;
    for (const j of journal) {
      expect(j.stake).toBe(price);
      expect(j.multiplier).toBe(Math.floor((j.payout! * 100) / price) / 100);
    }
    expect(await journalOf(app.db, slow.id)).toEqual(journal);
    expect(await ledgerOf(app.db, slow.id)).toEqual(await ledgerOf(app.db, quick.id));
    const domain = await domainRowsOf(app.db, quick.id);
    expect([domain.inventory.length, domain.drops.length, domain.rolls]).toEqual([3, 3, [1, 2, 3]]);
    expect(await domainRowsOf(app.db, slow.id)).toEqual(domain);
    // The payout is the value of the item the opening gave: each row's inventory row's item.
    const items = await app.db.selectFrom('bets as j').innerJoin('inventory_items as i', 'i.id', 'j.ref_id').innerJoin('items as it', 'it.id', 'i.item_id').select(['j.payout', 'it.price', 'j.nonce', 'i.nonce as opened_nonce']).where('j.game', '=', 'box').where('j.user_id', 'in', [quick.id, slow.id]).execute();
    expect(items).toHaveLength(6);
    for (const r of items) expect([r.payout, r.nonce]).toEqual([r.price, r.opened_nonce]);
    expect(await wageredMismatches(app.db)).toEqual([]);
    await expectLedgerBalanced(app);
  });
});

describe.runIf(hasPostgres)('the journal on both ways of a crash cash-out (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let ctx: Awaited<ReturnType<typeof createCrashApp>>;
  beforeAll(async () => {
    database = await createScratchDatabase('shop_journal_crash');
    ctx = await createCrashApp({ DATABASE_URL: database.url.toString() });
    await untilCrashLoopRuns(ctx.app);
  }, 60_000);
  afterAll(async () => {
    await ctx?.app.close();
    await database?.drop();
  });

  it('the quick statement and the locked way settle the same cash-out into the same rows', async () => {
    const { app } = ctx;
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const [quick, locked] = await Promise.all([createPlayer(app, { balance: 10_000 }), createPlayer(app, { balance: 10_000 })]);
    for (const p of [quick!, locked!]) {
      const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload: { amount: 5 } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const open = await journalOf(app.db, quick!.id);
    expect(open).toEqual([{ game: 'crash', stake: 500, payout: null, multiplier: null, status: 'open', ref_seat: 0, nonce: null, round_id: round.id, paired: false, settled_at_placed: false }]);
    // 1.50× is reached 6 758 ms after the launch; both cash out at the same moment.
    await ctx.advanceTo(round.startsAt);
    ctx.clock.set(round.startsAt + 7000);
    const now = ctx.clock.now();
    const first = await app.crash.closeBet(settlementPlayerOf(app, quick!), now);
    // The statement's guard finds no live token of this hash, while the player's own check passes:
    // the cash-out is decided again the locked way (a wallet transaction with the round locked).
    const second = await app.crash.closeBet({ ...settlementPlayerOf(app, locked!), tokenHash: 'no such token' }, now);
    // The same answer, each with its own bet's page.
    expect({ ...second, public_id: first.public_id }).toEqual(first);
    expect(second.public_id).not.toBe(first.public_id);
    await ctx.finishRound(round);
    const journal = await journalOf(app.db, quick!.id);
    expect(journal).toEqual([{ ...open[0], payout: crashPayout(500, Math.round(first.multiplier * 100)), multiplier: first.multiplier, status: 'settled' }]);
    expect(await journalOf(app.db, locked!.id)).toEqual(journal);
    expect(await ledgerOf(app.db, locked!.id)).toEqual(await ledgerOf(app.db, quick!.id));
    const domain = await domainRowsOf(app.db, quick!.id);
    expect(domain.roundBets).toEqual([expect.objectContaining({ status: 'cashed_out', closed_by: 'player', multiplier: first.multiplier, settled_at: now })]);
    expect(await domainRowsOf(app.db, locked!.id)).toEqual(domain);
    const settledAt = await app.db.selectFrom('bets').select('settled_at').where('user_id', 'in', [quick!.id, locked!.id]).execute();
    expect(settledAt.map((r) => new Date(r.settled_at!).getTime())).toEqual([now, now]);
    expect(await wageredMismatches(app.db)).toEqual([]);
  }, 60_000);

  it("the leader's cash-out at a bet's target and a player's at the same multiplier write the same money and journal", async () => {
    const { app } = ctx;
    const round = await ctx.nextBettingRound((c) => c >= 2);
    const [auto, player] = await Promise.all([createPlayer(app, { balance: 10_000 }), createPlayer(app, { balance: 10_000 })]);
    for (const [p, payload] of [[auto!, { amount: 5, auto_cashout: 1.5 }], [player!, { amount: 5 }]] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/crash/bet', headers: p.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The player cashes out the moment the curve shows 1.50×; the leader's tick pays the target 1.50× by itself.
    const at = round.startsAt + crashMsToReach(150);
    expect(crashHundredthsAt(at - round.startsAt)).toBe(150);
    await ctx.advanceTo(at);
    expect(await app.crash.closeBet(settlementPlayerOf(app, player!), at)).toMatchObject({ multiplier: 1.5 });
    await ctx.finishRound(round);
    const journal = await journalOf(app.db, auto!.id);
    expect(journal).toEqual([expect.objectContaining({ status: 'settled', stake: 500, payout: crashPayout(500, 150), multiplier: 1.5 })]);
    expect(await journalOf(app.db, player!.id)).toEqual(journal);
    expect(await ledgerOf(app.db, player!.id)).toEqual(await ledgerOf(app.db, auto!.id));
    // The round bets differ only in who closed them (and the time: the tick's, the request's).
    const byServer = (await domainRowsOf(app.db, auto!.id)).roundBets;
    expect(byServer).toEqual([expect.objectContaining({ status: 'cashed_out', closed_by: 'auto', multiplier: 1.5, payout: crashPayout(500, 150) })]);
    expect((await domainRowsOf(app.db, player!.id)).roundBets).toEqual(byServer.map((b) => ({ ...b, params: { auto_cashout: null }, closed_by: 'player', settled_at: at })));
    expect(await wageredMismatches(app.db)).toEqual([]);
  }, 60_000);
});
