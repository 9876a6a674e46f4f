import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { wheelColorAt } from '../../../core/games/wheel.ts';
import { createPlayer } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';
import { shopBoxes } from '../../helpers/battles.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';
import { createCrashApp, roundDriver } from '../../helpers/crashRounds.ts';
import { catalogItem, giveItem } from '../games/upgrade/upgradeHelpers.ts';
import { listBets } from '../../../server/history/betHistory.ts';
import { down, up } from '../../../server/db/migrations/1110_bets_journal.ts';
import { wageredMismatches } from './journalHelpers.ts';

// The bets journal over a mixed day of play (server/journal/journal.ts, migration 1110): every game
// writes one row per stake, crash and wheel included; XP (users.wagered) is the sum of the journal's
// stakes that were not refunded or voided, kept by the journal's trigger on every path; and the
// migration's back-fill, run again over the same play, writes the very rows the games wrote, which
// are the bets the history lists.

type Ctx = Awaited<ReturnType<typeof createCrashApp>>;

describe('the bets journal over a mixed day of play', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createCrashApp({ WHEEL_ENABLED: 'true' });
    await ctx.app.wheel.loop.idle();
    await seedCatalog(ctx.app);
  });
  afterAll(() => ctx?.app.close());

  const post = (url: string, headers: Record<string, string>, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers, payload });
  async function ok(url: string, headers: Record<string, string>, payload: object = {}) {
    const res = await post(url, headers, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  }
  const journalRows = async (userId: number) => ctx.app.db.selectFrom('bets').selectAll().where('user_id', '=', userId).orderBy('game').orderBy('ref_id').orderBy('ref_seat').execute();
  const wagered = async (userId: number) => Number((await ctx.app.db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow()).wagered);

  it('every game journals its stakes, XP follows the journal, and the back-fill writes the same rows', async () => {
    const { app } = ctx;
    const a = await createPlayer(app, { balance: 500_000 });
    const b = await createPlayer(app, { balance: 500_000 });

    // Instant games and a box opening.
    await ok('/api/dice/bet', a.headers, { amount: 2.5, target: 50, direction: 'under' });
    await ok('/api/plinko/bet', a.headers, { amount: 1, rows: 8, risk: 'low' });
    await ok('/api/boxes/tech-drop/open', a.headers, { quantity: 2 });
    // An upgrade stakes coins and an item's value.
    const target = await catalogItem(app, 9_000);
    const input = await giveItem(app, a.id, await catalogItem(app, 1_200));
    await ok('/api/upgrade', a.headers, { inventory_ids: [input], amount: 3, target_item_id: target });

    // A battle canceled by its creator (refunded), one still waiting (open).
    const [box] = await shopBoxes(app, 1);
    const canceled = (await ok('/api/battles/create', b.headers, { boxes: [{ slug: box!.slug, quantity: 1 }], mode: '1v1' })).id as number;
    await ok(`/api/battles/${canceled}/cancel`, b.headers);
    const waiting = (await ok('/api/battles/create', b.headers, { boxes: [{ slug: box!.slug, quantity: 2 }], mode: '1v1' })).id as number;

    // Crash: one bet cashed out, one lost in the same round.
    const crashRound = await ctx.nextBettingRound((c) => c >= 2);
    await ok('/api/crash/bet', a.headers, { amount: 4 });
    await ok('/api/crash/bet', b.headers, { amount: 6 });
    await ctx.advanceTo(crashRound.startsAt + 5000);
    const cashed = await ok('/api/crash/close-bet', a.headers);
    await ctx.finishRound(crashRound);

    // The wheel: a bet taken back (refunded), a winning and a losing bet settled by the spin.
    const wheel = roundDriver(app, ctx.clock, 'wheel');
    const wheelRound = await wheel.nextBettingRound();
    const winning = wheelColorAt(wheelRound.segment);
    const taken = (await ok('/api/wheel/bet', a.headers, { amount: 5, color: 'gold' })).bet.id as number;
    await ok(`/api/wheel/bet/${taken}/cancel`, a.headers);
    await ok('/api/wheel/bet', a.headers, { amount: 7, color: winning });
    await ok('/api/wheel/bet', b.headers, { amount: 8, color: winning === 'grey' ? 'blue' : 'grey' });
    await wheel.finishRound(wheelRound);
    await app.crash.loop.idle();

    const byGame = (rows: Awaited<ReturnType<typeof journalRows>>) => rows.map((r) => [r.game, Number(r.stake), r.status]);
    expect(byGame(await journalRows(a.id))).toEqual([
      ['box', expect.any(Number), 'settled'],
      ['box', expect.any(Number), 'settled'],
      ['crash', 400, 'settled'],
      ['dice', 250, 'settled'],
      ['plinko', 100, 'settled'],
      ['upgrade', 1_500, 'settled'],
      ['wheel', 500, 'refunded'],
      ['wheel', 700, 'settled'],
    ]);
    expect(byGame(await journalRows(b.id))).toEqual([
      ['battle', box!.price, 'refunded'],
      ['battle', 2 * box!.price, 'open'],
      ['crash', 600, 'settled'],
      ['wheel', 800, 'settled'],
    ]);
    const crashRow = (await journalRows(a.id)).find((r) => r.game === 'crash')!;
    expect([Number(crashRow.multiplier), Number(crashRow.payout)]).toEqual([cashed.multiplier, Math.round(cashed.payout * 100)]);
    expect((await journalRows(b.id)).find((r) => r.game === 'crash')).toMatchObject({ payout: 0, status: 'settled', round_id: crashRound.id });
    expect((await journalRows(b.id)).find((r) => Number(r.ref_id) === waiting)).toMatchObject({ payout: null, multiplier: null, settled_at: null });

    // XP: crash and wheel count, the wheel bet taken back and the canceled battle do not.
    const boxStakes = (await journalRows(a.id)).filter((r) => r.game === 'box').reduce((s, r) => s + Number(r.stake), 0);
    expect(await wagered(a.id)).toBe(boxStakes + 400 + 250 + 100 + 1_500 + 700);
    expect(await wagered(b.id)).toBe(2 * box!.price + 600 + 800);

    // A round voided by the restart rule (the loop stopped while it took bets, then started again):
    // its bets are voided and their XP taken back.
    const voidRound = await wheel.nextBettingRound();
    await ok('/api/wheel/bet', b.headers, { amount: 9, color: 'blue' });
    expect(await wagered(b.id)).toBe(2 * box!.price + 600 + 800 + 900);
    await app.wheel.loop.stop();
    app.wheel.loop.start();
    await app.wheel.loop.idle();
    expect(await app.db.selectFrom('rounds').select(['status', 'voided']).where('id', '=', voidRound.id).executeTakeFirstOrThrow()).toEqual({ status: 'ended', voided: true });
    expect((await journalRows(b.id)).find((r) => Number(r.round_id) === voidRound.id)).toMatchObject({ status: 'voided', payout: 900 });
    expect(await wagered(b.id)).toBe(2 * box!.price + 600 + 800);
    expect(await wageredMismatches(app.db)).toEqual([]);
    await expectLedgerBalanced(app);

    // The history lists exactly the journal's bets, with its stakes and the payouts of its settled
    // bets (what a refund gave back the history shows its own way).
    for (const p of [a, b]) {
      const journal = await journalRows(p.id);
      const settled = new Set(journal.filter((r) => r.status === 'settled').map((r) => `${r.game}:${r.ref_id}`));
      const { rows } = await listBets(app.db, { userId: p.id }, { limit: 50 });
      const listed = rows.map((r) => [r.id, Math.round(r.stake * 100), settled.has(r.id) ? Math.round(r.payout! * 100) : '-']).sort();
      expect(listed).toEqual(journal.map((r) => [`${r.game}:${r.ref_id}`, Number(r.stake), r.status === 'settled' ? Number(r.payout) : '-']).sort());
    }

    // The back-fill over the same play writes the same rows (ids aside: the sequential one, and the
    // random public one of migration 1400, which the re-created table does not have) and the same XP.
    const all = async () =>
      (await app.db.selectFrom('bets').selectAll().orderBy('game').orderBy('ref_id').orderBy('ref_seat').execute()).map(({ id: _id, public_id: _public, ...r }) => r);
    const live = await all();
    const xp = [await wagered(a.id), await wagered(b.id)];
    const db = app.db as unknown as Kysely<unknown>;
    // Later tables may reference the journal (chat_announcements.bet_id): their foreign keys are set
    // aside while the table is re-created, and put back over the re-created rows.
    const { rows: references } = await sql<{ owner: string; name: string; definition: string }>`
      select conrelid::regclass::text as owner, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and confrelid = 'bets'::regclass`.execute(db);
    for (const r of references) await sql`alter table ${sql.id(r.owner)} drop constraint ${sql.id(r.name)}`.execute(db);
    await down(db);
    await up(db);
    for (const r of references) await sql`alter table ${sql.id(r.owner)} add constraint ${sql.id(r.name)} ${sql.raw(r.definition)}`.execute(db);
    expect(await all()).toEqual(live);
    expect([await wagered(a.id), await wagered(b.id)]).toEqual(xp);
  }, 120_000);
});
