import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.ts';
import { createMigrator, migrateToLatest } from '../../../server/db/migrator.ts';

// Migration 1330 moves the paid weeks of the weekly leaderboard (leaderboard_weeks and
// leaderboard_prizes of 0800) into the races as closed `leaderboard` races with their paid places,
// then drops the old tables; the default races become unique per kind, metric and start.
describe('the weekly leaderboard moves into the races (migration 1330)', () => {
  let handle: DatabaseHandle;
  const week = '2026-11-19T18:00:00.000Z';
  let ann: number, bo: number;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const { error } = await createMigrator(handle.db).migrateTo('1320_races');
    if (error) throw error;
    const users = await sql<{ id: string }>`insert into users (email, name, password_hash) values ('a@example.com', 'Ann', 'x'), ('b@example.com', 'Bo', 'x') returning id`.execute(handle.db);
    [ann, bo] = users.rows.map((u) => Number(u.id)) as [number, number];
    await sql`insert into leaderboard_weeks (metric, starts_at, paid_at) values ('win_amount', ${week}, '2026-11-26T18:01:00Z'), ('multiplier', ${week}, '2026-11-26T18:01:00Z')`.execute(handle.db);
    await sql`
      insert into leaderboard_prizes (metric, starts_at, rank, user_id, value, prize) values
        ('win_amount', ${week}, 1, ${bo}, 35000, 10000), ('win_amount', ${week}, 2, ${ann}, 20000, 5000), ('multiplier', ${week}, 1, ${ann}, 550, 5000)`.execute(handle.db);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('each paid week is a closed race per metric with its places, and the old tables are gone', async () => {
    const races = await sql<{ id: string; kind: string; name: string; metric: string; starts_at: Date; ends_at: Date; prizes: string[]; closed_at: Date }>`
      select id, kind, name, metric, starts_at, ends_at, prizes, closed_at from races order by metric`.execute(handle.db);
    expect(races.rows.map((r) => [r.kind, r.name, r.metric, r.starts_at.toISOString(), r.ends_at.toISOString(), r.prizes.map(Number), r.closed_at.toISOString()])).toEqual([
      ['leaderboard', 'Weekly leaderboard (best multiplier)', 'best_multiplier', week, '2026-11-26T18:00:00.000Z', [5000], '2026-11-26T18:01:00.000Z'],
      ['leaderboard', 'Weekly leaderboard (biggest wins)', 'win_amount', week, '2026-11-26T18:00:00.000Z', [10000, 5000], '2026-11-26T18:01:00.000Z'],
    ]);
    const places = await sql<{ metric: string; place: number; user_id: string; value: string; prize: string }>`
      select r.metric, p.place, p.user_id, p.value, p.prize from race_prizes p join races r on r.id = p.race_id order by r.metric, p.place`.execute(handle.db);
    expect(places.rows.map((p) => [p.metric, p.place, Number(p.user_id), Number(p.value), Number(p.prize)])).toEqual([
      ['best_multiplier', 1, ann, 550, 5000],
      ['win_amount', 1, bo, 35000, 10000],
      ['win_amount', 2, ann, 20000, 5000],
    ]);
    const left = await sql<{ t: string | null }>`select to_regclass('leaderboard_weeks')::text as t`.execute(handle.db);
    expect(left.rows[0]!.t).toBeNull();
  });

  it('a second leaderboard race of the same metric and week is refused; gross wins belong to the leaderboard alone', async () => {
    const insert = (kind: string, metric: string) => sql`insert into races (kind, name, metric, starts_at, ends_at, prizes) values (${kind}, 'x', ${metric}, ${week}, '2026-11-26T18:00:00Z', '{100}')`.execute(handle.db);
    await expect(insert('leaderboard', 'win_amount')).rejects.toThrow(/races_default_period/);
    await expect(insert('weekly', 'win_amount')).rejects.toThrow(/races_metric_check/);
    await insert('weekly', 'net_won');
  });
});
