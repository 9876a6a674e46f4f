import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { betsPageQuery, countBetsQuery, type BetFilter } from '../../../server/history/betHistory.ts';
import { countLedgerQuery, ledgerPageQuery } from '../../../server/history/ledgerHistory.ts';
import { createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { seedCatalog } from '../../helpers/boxes.ts';

// The history's statements on real PostgreSQL over a shop with many players and many rows each
// (2,000 players; about 40,000 rows in each bet table and in the ledger, 2,000 more bets of every kind for
// one player, and every one of them in the bets journal): every page, filter and count reads the
// journal through the player's index and the games' own rows by their keys, never by a sequential
// scan of a whole table. The rows are written in bulk by SQL: what matters here is their number and
// spread, not how they were played (history.test.ts plays real bets).

const BIG_TABLES = ['bets', 'game_bets', 'mines_boards', 'round_bets', 'inventory_items', 'ledger_entries', 'battle_seats'];

describe.runIf(hasPostgres)('history query plans on PostgreSQL', () => {
  let app: FastifyInstance;
  let userId: number;
  beforeAll(async () => {
    app = await createPostgresTestApp();
    await seedCatalog(app);
    const db = app.db;
    await sql`insert into users (name, email) select 'p' || g, 'p' || g || '@example.com' from generate_series(1, 2000) g`.execute(db);
    await sql`insert into accounts (kind, user_id) select 'user', id from users where not exists (select 1 from accounts a where a.user_id = users.id)`.execute(db);
    await sql`insert into seed_pairs (user_id, server_seed, server_seed_hash, client_seed, revealed_at) select id, md5(id::text), md5(id::text || 'h'), 'c', now() from users`.execute(db);
    userId = Number((await sql<{ id: number }>`select min(id) as id from users`.execute(db)).rows[0]!.id);
    const perUser = (n: number) => sql`(select u.id as user_id, sp.id as pair, g as n from users u join seed_pairs sp on sp.user_id = u.id cross join generate_series(1, case when u.id = ${userId} then 2000 else ${n} end) g)`;
    await sql`insert into game_bets (user_id, game, amount, payout, multiplier, seed_pair_id, nonce, params, outcome, created_at)
      select user_id, (array['dice','plinko','upgrade'])[1 + n % 3], 100, 0, 0, pair, n, '{}', '{}', now() - n * interval '1 minute' from ${perUser(20)} r`.execute(db);
    // Mines boards on nonces of their own (after the instant bets'), each ended.
    await sql`insert into mines_boards (user_id, amount, mines, seed_pair_id, nonce, revealed, status, max_payout, payout, created_at, ended_at)
      select user_id, 100, 3, pair, 100000 + n, '{0}', 'lost', 100000, 0, now() - n * interval '1 minute', now() from ${perUser(20)} r`.execute(db);
    const box = await db.selectFrom('boxes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const item = await db.selectFrom('items').select('id').orderBy('id').executeTakeFirstOrThrow();
    await sql`insert into inventory_items (user_id, item_id, box_id, seed_pair_id, nonce, ticket, opening_price, created_at, changed_at)
      select user_id, ${item.id}, ${box.id}, pair, n, 1, 100, now() - n * interval '1 minute', now() from ${perUser(20)} r`.execute(db);
    await sql`insert into hash_chains (game, length, segment_size, terminating_hash, salt) values ('wheel', 10, 10, 'history-plan', 's')`.execute(db);
    await sql`insert into rounds (game, status, chain_id, game_number, number, hash, outcome, run_ms, created_at, ended_at)
      select 'wheel', 'ended', (select id from hash_chains where terminating_hash = 'history-plan'), g, 1000000 + g, md5(g::text), '{"segment": 1}', 1, now(), now() from generate_series(1, 2000) g`.execute(db);
    await sql`insert into round_bets (round_id, game, user_id, amount, params, status, multiplier, payout, created_at)
      select (select min(id) from rounds) + n - 1, 'wheel', user_id, 100, '{"color": "grey"}', 'lost', 0, 0, now() - n * interval '1 minute' from ${perUser(20)} r`.execute(db);
    await sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, created_at)
      select gen_random_uuid(), a.id, -1, 0, (array['dice_bet','deposit','box_open'])[1 + n % 3], now() - n * interval '1 minute' from ${perUser(20)} r join accounts a on a.user_id = r.user_id`.execute(db);
    await sql`insert into battles (creator_id, mode, crazy, private, status, seat_cost, rounds_total, server_seed, server_seed_hash, bot_seeds, round_ms, spin_ms)
      select ${userId}, '1v1', false, false, 'ended', 100, 1, 's', 'h', '[]', 1, 1 from generate_series(1, 2000)`.execute(db);
    await sql`insert into battle_seats (battle_id, seat, team, user_id, client_seed, joined_at)
      select b.id, 0, 0, (select min(id) from users) + (b.id % 2000), 'c', now() - b.id * interval '1 minute' from battles b`.execute(db);
    // The journal's row of each (the back-fill's definitions, migration 1110).
    await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
      select game, user_id, amount, payout, multiplier, 'settled', id, seed_pair_id, nonce, created_at, created_at from game_bets`.execute(db);
    await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
      select 'mines', user_id, amount, payout, 0, 'settled', id, seed_pair_id, nonce, created_at, created_at from mines_boards`.execute(db);
    await sql`insert into bets (game, user_id, stake, payout, status, ref_id, seed_pair_id, nonce, placed_at, settled_at)
      select 'box', user_id, opening_price, 0, 'settled', id, seed_pair_id, nonce, created_at, created_at from inventory_items where box_id is not null`.execute(db);
    await sql`insert into bets (game, user_id, stake, payout, multiplier, status, ref_id, round_id, placed_at, settled_at)
      select game, user_id, amount, payout, multiplier, 'settled', id, round_id, created_at, created_at from round_bets`.execute(db);
    await sql`insert into bets (game, user_id, stake, payout, status, ref_id, ref_seat, placed_at, settled_at)
      select 'battle', user_id, 100, 0, 'settled', battle_id, seat, joined_at, joined_at from battle_seats where user_id is not null`.execute(db);
    await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  async function planOf(query: RawBuilder<unknown>): Promise<string> {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(app.db);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  async function seqScans(query: RawBuilder<unknown>): Promise<string[]> {
    const plan = await planOf(query);
    return BIG_TABLES.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan)).map((table) => `${table}:\n${plan}`);
  }

  it('pages, filters and counts of the bets read the journal by the player and each game row by its key', async () => {
    const filters: BetFilter[] = [{ userId }, { userId, game: 'dice' }, { userId, game: 'mines' }, { userId, game: 'box' }, { userId, game: 'wheel' }, { userId, game: 'battle' }, { userId, from: '2026-01-01', to: '2026-12-31' }];
    for (const f of filters) {
      expect(await seqScans(betsPageQuery(f, { limit: 20, offset: 40 }))).toEqual([]);
      expect(await seqScans(countBetsQuery(f))).toEqual([]);
    }
    // A page walks the journal's (player, time, id) index newest first and stops at the rows it shows.
    const first = await planOf(betsPageQuery({ userId }, { limit: 20 }));
    expect(first).toContain('Index Scan using bets_user_time on bets');
    const [page] = (await betsPageQuery({ userId }, { limit: 1 }).execute(app.db)).rows;
    expect(await seqScans(betsPageQuery({ userId }, { limit: 500, cursor: { at: page!.at_text, id: Number(page!.bet_id) } }))).toEqual([]);
  });

  it('pages and counts of the ledger read it by the account', async () => {
    for (const f of [{ userId }, { userId, kind: 'deposits' as const }, { userId, from: '2026-01-01' }]) {
      expect(await seqScans(ledgerPageQuery(f, { limit: 20, offset: 20 }))).toEqual([]);
      expect(await seqScans(ledgerPageQuery(f, { limit: 500, beforeId: 1_000_000 }))).toEqual([]);
      expect(await seqScans(countLedgerQuery(f))).toEqual([]);
    }
  });
});
