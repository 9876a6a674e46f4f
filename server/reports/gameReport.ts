import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { publishedReturn, REPORT_GAMES, type ReportGame } from '../../core/games/publishedReturns.ts';
import type { GameReportRow, MoneyFigure, MoneyReportRow, ReportQuery } from '../../core/protocol/adminReports.ts';

// The operator reports (docs/operator-console.md, "Reports"): per UTC day and game what was wagered
// and paid, the gross gaming revenue and the measured return against the published one, and per day
// the money that left the house outside the games. One SQL per figure group, each from the table that
// records the bet or the movement:
// - instant games: game_bets (dice, plinko, upgrade; the one-statement dice/plinko path writes it too);
// - round games: round_bets of crash and wheel that settled (refunded and canceled bets gave the stake
//   back and are no bets; open ones are not settled yet);
// - battles: the players' seats of ended battles (a bot's seat stakes nothing) and the items they won;
// - boxes: the openings paid in coins (inventory rows with their opening price) and the items' value;
// - money: the players' ledger rows of deposits (by the invoice's payment method), affiliate payouts,
//   cashback and leaderboard prizes.
// A bet counts on the UTC day it was placed (a battle on the day it ended, when its items are known).
// Each group is also split by the parameter that decides its published return (a plinko table, a
// wheel colour, a box's kind), so the published figure is exact for the bets actually placed.

interface GroupRow {
  day: string;
  game: ReportGame;
  param: string | null;
  bets: number;
  wagered: number;
  paid: number;
}

const day = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The range's start and its end (exclusive) as instants: whole UTC days, `to` included. */
export function reportRange(q: ReportQuery): { start: Date; end: Date } {
  return { start: new Date(`${q.from}T00:00:00Z`), end: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) };
}

async function instantBets(db: Db, start: Date, end: Date): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    select ${day('created_at')} as day, game,
      case when game = 'plinko' then (params->>'rows') || ':' || (params->>'risk') end as param,
      count(*)::int as bets, sum(amount)::bigint as wagered, sum(payout)::bigint as paid
    from game_bets where created_at >= ${start} and created_at < ${end}
    group by 1, 2, 3`.execute(db);
  return rows;
}

async function roundBets(db: Db, start: Date, end: Date): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    select ${day('created_at')} as day, game,
      case when game = 'wheel' then params->>'color' end as param,
      count(*)::int as bets, sum(amount)::bigint as wagered, coalesce(sum(payout), 0)::bigint as paid
    from round_bets
    where created_at >= ${start} and created_at < ${end} and status in ('cashed_out', 'won', 'lost')
    group by 1, 2, 3`.execute(db);
  return rows;
}

async function battleSeats(db: Db, start: Date, end: Date): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    select ${day('b.ended_at')} as day, 'battles' as game, null as param,
      count(*)::int as bets, sum(b.seat_cost)::bigint as wagered, coalesce(sum(won.value), 0)::bigint as paid
    from battles b
    join battle_seats s on s.battle_id = b.id and s.user_id is not null
    left join lateral (select sum(r.value) as value from battle_rolls r where r.battle_id = b.id and r.awarded_seat = s.seat) won on true
    where b.status = 'ended' and b.ended_at >= ${start} and b.ended_at < ${end}
    group by 1`.execute(db);
  return rows;
}

async function boxOpenings(db: Db, start: Date, end: Date): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    select ${day('i.created_at')} as day, 'boxes' as game, bx.type as param,
      count(*)::int as bets, sum(i.opening_price)::bigint as wagered, sum(it.price)::bigint as paid
    from inventory_items i join items it on it.id = i.item_id join boxes bx on bx.id = i.box_id
    where i.opening_price > 0 and i.created_at >= ${start} and i.created_at < ${end}
    group by 1, 3`.execute(db);
  return rows;
}

const MONEY_REASONS: Record<string, MoneyFigure> = { deposit: 'deposits', referral_earnings: 'affiliate_payouts', cashback: 'cashback', leaderboard_prize: 'leaderboard_prizes' };

async function moneyRows(db: Db, start: Date, end: Date): Promise<MoneyReportRow[]> {
  const { rows } = await sql<{ day: string; reason: string; method: string | null; count: number; amount: number }>`
    select ${day('l.created_at')} as day, l.reason, inv.gateway as method, count(*)::int as count, sum(l.amount)::bigint as amount
    from ledger_entries l
    join accounts a on a.id = l.account_id and a.kind = 'user'
    left join invoices inv on l.reason = 'deposit' and l.reference = 'invoice:' || inv.id::text
    where l.reason in (${sql.join(Object.keys(MONEY_REASONS))}) and l.created_at >= ${start} and l.created_at < ${end}
    group by 1, 2, 3
    order by 1, 2, 3`.execute(db);
  return rows.map((r) => ({ day: r.day, figure: MONEY_REASONS[r.reason]!, method: r.reason === 'deposit' ? (r.method ?? 'unknown') : null, count: Number(r.count), amount: centsToCoins(Number(r.amount)) }));
}

const percent = (x: number) => Math.round(x * 10_000) / 100;

/** Folds the groups' rows into one row per day and game, the published return weighted by each part's stake. */
export function gameRows(groups: readonly GroupRow[]): GameReportRow[] {
  const byKey = new Map<string, { day: string; game: ReportGame; bets: number; wagered: number; paid: number; expected: number; priced: number }>();
  for (const g of groups) {
    const key = `${g.day}|${g.game}`;
    const row = byKey.get(key) ?? { day: g.day, game: g.game, bets: 0, wagered: 0, paid: 0, expected: 0, priced: 0 };
    const wagered = Number(g.wagered);
    const rtp = publishedReturn(g.game, g.param);
    row.bets += Number(g.bets);
    row.wagered += wagered;
    row.paid += Number(g.paid);
    if (rtp !== null) {
      row.expected += wagered * rtp;
      row.priced += wagered;
    }
    byKey.set(key, row);
  }
  const order = (g: ReportGame) => REPORT_GAMES.indexOf(g);
  return [...byKey.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || order(a.game) - order(b.game))
    .map((r) => {
      const measured = r.wagered > 0 ? percent(r.paid / r.wagered) : null;
      const published = r.priced > 0 ? percent(r.expected / r.priced) : null;
      return {
        day: r.day,
        game: r.game,
        bets: r.bets,
        wagered: centsToCoins(r.wagered),
        paid: centsToCoins(r.paid),
        ggr: centsToCoins(r.wagered - r.paid),
        measured_return: measured,
        published_return: published,
        drift: measured === null || published === null ? null : Math.round((measured - published) * 100) / 100,
      };
    });
}

export async function gameReport(db: Db, q: ReportQuery): Promise<{ from: string; to: string; games: GameReportRow[]; money: MoneyReportRow[] }> {
  const { start, end } = reportRange(q);
  const [instant, round, battles, boxes, money] = await Promise.all([instantBets(db, start, end), roundBets(db, start, end), battleSeats(db, start, end), boxOpenings(db, start, end), moneyRows(db, start, end)]);
  return { from: q.from, to: q.to, games: gameRows([...instant, ...round, ...battles, ...boxes]), money };
}
