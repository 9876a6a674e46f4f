import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { hasPostgres } from '../../helpers/testApp.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { namingPool, prepared, preparedName } from '../../../server/db/preparedStatements.ts';

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
});
