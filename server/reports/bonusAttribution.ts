import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { bonusWeightedStake, isPlay } from '../history/play.ts';
import { GAMES, type GameId } from '../../core/games/catalog.ts';
import { UNATTRIBUTED, type GameReportRow } from '../../core/protocol/adminReports.ts';

// Which game a day's bonus cost belongs to (docs/bonuses.md, "Reports"). The cost is the bonus
// ledger rows of the day (a grant's credit, less a forfeit's debit); each row belongs to its grant
// (the credit by its reference, the forfeit by `bonus:<grant id>`), and a grant's money goes to the
// games its player wagered it on: in proportion to the weighted stakes that counted toward that
// grant over its whole life (the same sum its progress is). A grant nobody has played toward yet,
// or a bonus row with no grant (a player's tip into the rain's pot, `rain_tip`, which nets the cost),
// is `unattributed`. Each day's shares are rounded to cents by largest
// remainder, so a day's rows sum to the day's bonus cost, and its per-game NGRs to its NGR, exactly.

export type CostKey = GameReportRow['game'];

/** Cents of bonus cost per day and game (or unattributed), the parts of each day summing to its cost. */
export async function bonusCostByGame(db: Db, reasons: readonly string[], start: Date, end: Date): Promise<Map<string, Map<CostKey, number>>> {
  const { rows: events } = await sql<{ day: string; amount: string; grant_id: number | null }>`
    select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, l.amount, g.id as grant_id
    from ledger_entries l
    join accounts a on a.id = l.account_id and a.kind = 'user'
    left join lateral (
      select g.id from bonus_grants g
      where g.user_id = a.user_id and (case when l.reason = 'bonus_forfeit' then l.reference = 'bonus:' || g.id::text else g.reference = l.reference end)
      order by g.id limit 1
    ) g on true
    where l.reason in (${sql.join(reasons)}) and l.created_at >= ${start} and l.created_at < ${end}`.execute(db);
  const grantIds = [...new Set(events.flatMap((e) => (e.grant_id === null ? [] : [e.grant_id])))];
  const stakes = new Map<number, Map<CostKey, number>>();
  if (grantIds.length > 0) {
    const weighted = bonusWeightedStake('b', sql.ref('g.game_weights'));
    const { rows } = await sql<{ grant_id: number; game: GameId; weighted: string }>`
      select g.id as grant_id, b.game, sum(${weighted}) as weighted
      from bonus_grants g
      join bets b on b.user_id = g.user_id and b.placed_at >= g.granted_at and b.placed_at < least(g.expires_at, coalesce(g.ended_at, g.expires_at)) and ${isPlay('b')}
      where g.id in (${sql.join(grantIds)}) and ${weighted} > 0
      group by 1, 2`.execute(db);
    for (const r of rows) {
      const games = stakes.get(r.grant_id) ?? new Map<CostKey, number>();
      const game = GAMES[r.game].reportKey;
      games.set(game, (games.get(game) ?? 0) + Number(r.weighted));
      stakes.set(r.grant_id, games);
    }
  }
  // Exact (fractional) cents per day and game first, then each day rounded as a whole.
  const exact = new Map<string, Map<CostKey, number>>();
  for (const e of events) {
    const day = exact.get(e.day) ?? new Map<CostKey, number>();
    exact.set(e.day, day);
    const amount = Number(e.amount);
    const games = e.grant_id === null ? undefined : stakes.get(e.grant_id);
    const total = games ? [...games.values()].reduce((s, w) => s + w, 0) : 0;
    if (!games || total <= 0) day.set(UNATTRIBUTED, (day.get(UNATTRIBUTED) ?? 0) + amount);
    else for (const [game, w] of games) day.set(game, (day.get(game) ?? 0) + (amount * w) / total);
  }
  return new Map([...exact].map(([day, parts]) => [day, largestRemainder(parts)]));
}

/**
 * Whole cents whose sum is the parts' sum (an integer: the day's ledger rows): each part floored,
 * the cents left over going one each to the parts with the largest remainders.
 */
export function largestRemainder<K>(parts: ReadonlyMap<K, number>): Map<K, number> {
  // Rounded to a millionth of a cent first: a share computed as 1/3 + 2/3 must not floor to 0.
  const clean = [...parts].map(([k, v]) => [k, Math.round(v * 1e6) / 1e6] as const);
  const total = Math.round(clean.reduce((s, [, v]) => s + v, 0));
  const floors = clean.map(([k, v]) => ({ k, cents: Math.floor(v), rest: v - Math.floor(v) }));
  let left = total - floors.reduce((s, f) => s + f.cents, 0);
  for (const f of [...floors].sort((a, b) => b.rest - a.rest)) {
    if (left <= 0) break;
    f.cents += 1;
    left -= 1;
  }
  return new Map(floors.map((f) => [f.k, f.cents]));
}
