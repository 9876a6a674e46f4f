import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createPostgresTestApp, hasPostgres } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { namingPool, prepared, preparedName, WARM_RUNS } from '../../../server/db/preparedStatements.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrator.ts';
import { roundCashOutSql } from '../../../server/games/crash/crashCashOut.ts';
import { liveTokenGuard } from '../../../server/accounts/settlementGuard.ts';

// The settlements registered with prepared() reach PostgreSQL as named prepared statements, parsed
// once per connection (server/db/preparedStatements.ts); any other text stays an unnamed statement.
// PostgreSQL's own list of the session's prepared statements is the witness.

describe.runIf(hasPostgres)('named prepared statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let raw: pg.Pool;

  beforeAll(async () => {
    database = await createScratchDatabase('shop_prepared');
    // One connection, so every query below runs in the session whose statements are listed.
    raw = new pg.Pool({ connectionString: database.url.toString(), max: 1 });
  });

  afterAll(async () => {
    await raw?.end();
    await database?.drop();
  });

  const listed = async (client: { query(text: unknown, values?: unknown): unknown }) =>
    ((await client.query('select name, statement from pg_prepared_statements order by name')) as pg.QueryResult<{ name: string; statement: string }>).rows;

  it('sends a registered text by its name, parsed once for the connection', async () => {
    const text = prepared('select $1::bigint + $2::bigint as sum');
    const name = preparedName(text)!;
    expect(name).toMatch(/^s_[0-9a-f]{24}$/);
    const pool = namingPool(raw as never);
    const client = await pool.connect();
    try {
      const first = (await client.query(text, [2, 3])) as pg.QueryResult<{ sum: string }>;
      const second = (await client.query(text, [40, 2])) as pg.QueryResult<{ sum: string }>;
      expect([Number(first.rows[0]!.sum), Number(second.rows[0]!.sum)]).toEqual([5, 42]);
      expect(await listed(client)).toEqual([{ name, statement: text }]);
    } finally {
      client.release();
    }
    // The same client comes back wrapped the same way, its statement still prepared.
    const again = await pool.connect();
    try {
      expect(Number(((await again.query(text, [1, 1])) as pg.QueryResult<{ sum: string }>).rows[0]!.sum)).toBe(2);
      expect((await listed(again)).map((row) => row.name)).toEqual([name]);
    } finally {
      again.release();
    }
  });

  it('leaves every other text unnamed, and the same text registered twice keeps one name', async () => {
    const text = 'select $1::int * 2 as twice';
    expect(preparedName(text)).toBeUndefined();
    const pool = namingPool(raw as never);
    const client = await pool.connect();
    try {
      const before = await listed(client);
      expect(Number(((await client.query(text, [21])) as pg.QueryResult<{ twice: number }>).rows[0]!.twice)).toBe(42);
      expect(await listed(client)).toEqual(before);
    } finally {
      client.release();
    }
    const registered = prepared('select 1 as one');
    expect(preparedName(prepared('select 1 as one'))).toBe(preparedName(registered));
    expect(preparedName(prepared('select 2 as two'))).not.toBe(preparedName(registered));
  });

  it('warms every connection of the pool: each statement with inert values is run until PostgreSQL keeps its plan; one without is left alone', async () => {
    // Registered statements are the process's, and every pool warms them: the app's own too, once
    // any file of this worker has loaded its modules (Vitest runs the node files without isolation).
    // So this database has the app's tables.
    const migrated = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 1 });
    try {
      await migrateToLatest(migrated.db);
    } finally {
      await migrated.close();
    }
    const three = new pg.Pool({ connectionString: database.url.toString(), max: 3 });
    try {
      // These two need no table, as the app's pool in the next test runs them too.
      const warmed = prepared('select $1::bigint * 3 as thrice', [0]);
      const cold = prepared('select $1::bigint * 4 as fourfold');
      const pool = namingPool(three as never);
      await pool.warm(3);
      // Three clients held at once are the pool's three connections: each has the statement, planned.
      const clients = await Promise.all([1, 2, 3].map(() => pool.connect()));
      try {
        for (const c of clients) {
          const query = c.query as unknown as (text: string) => Promise<pg.QueryResult<{ name: string; generic_plans: string; custom_plans: string }>>;
          const { rows } = await query.call(c, 'select name, generic_plans, custom_plans from pg_prepared_statements');
          const names = rows.map((row) => row.name);
          expect(names).toContain(preparedName(warmed));
          expect(names).not.toContain(preparedName(cold));
          const plans = rows.find((row) => row.name === preparedName(warmed))!;
          expect(Number(plans.generic_plans) + Number(plans.custom_plans)).toBe(WARM_RUNS);
          expect(Number(plans.generic_plans), 'the sixth run uses the kept generic plan').toBeGreaterThan(0);
        }
      } finally {
        for (const c of clients) c.release();
      }
    } finally {
      await three.end();
    }
  });

  it("a node warms its whole pool with the wallet's settlements before it plays, and the warming writes nothing", async () => {
    const app = await createPostgresTestApp({ DATABASE_POOL_SIZE: '3' });
    try {
      // The batched settlements (instant bets, openings) run in the settlement thread, which warms its own connections (settlementThread.postgres.test.ts).
      const settlements = [preparedName(roundCashOutSql(liveTokenGuard))];
      expect(settlements.every(Boolean)).toBe(true);
      // Three connections held at once (a barrier keeps each until all are borrowed): the whole pool.
      let arrive!: () => void;
      const all = new Promise<void>((resolve) => (arrive = resolve));
      let borrowed = 0;
      const lists = await Promise.all(
        [1, 2, 3].map(() =>
          app.db.connection().execute(async (conn) => {
            if (++borrowed === 3) arrive();
            await all;
            const { rows } = await sql<{ name: string; generic_plans: string }>`select name, generic_plans from pg_prepared_statements`.execute(conn);
            return rows;
          }),
        ),
      );
      for (const rows of lists) {
        for (const name of settlements) expect(Number(rows.find((row) => row.name === name)?.generic_plans), `${name} planned once and kept`).toBeGreaterThan(0);
      }
      const written = await sql<{ n: string }>`
        select (select count(*) from ledger_entries) + (select count(*) from round_bets) + (select count(*) from game_bets) + (select count(*) from seed_pair_rolls) as n`.execute(app.db);
      expect(Number(written.rows[0]!.n)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
