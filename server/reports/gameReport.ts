import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsOf, centsToCoins } from '../../core/money/cents.ts';
import { publishedReturn, REPORT_GAMES, type ReportGame } from '../../core/games/publishedReturns.ts';
import { GAMES, type GameId } from '../../core/games/catalog.ts';
import { RETURN_PARAM } from '../journal/returnParam.ts';
import { MONEY_FIGURES, RTP_BAND_Z, UNATTRIBUTED, RTP_MIN_BETS, type GameReportRow, type GameTotals, type MoneyTotal, type MoneyFigure, type MoneyReportRow, type ReportQuery, type RevenueRow } from '../../core/protocol/adminReports.ts';
import type { BonusTables } from '../bonuses/schema.ts';
import { bonusWeightedStake, isPlay } from '../history/play.ts';
import { bonusCostByGame, type CostKey } from './bonusAttribution.ts';
import { programmeCents, programmeRows } from './programmePayouts.ts';

// The operator reports (docs/operator-console.md, "Reports"): per UTC day and game what was wagered
// and paid, the gross gaming revenue and the measured return against the published one, and per day
// the money that left the house outside the games. The games' figures are the bets journal's (`bets`,
// docs/architecture.md, "The bets journal"): its settled bets that staked something, on the UTC day
// they were placed (refunded and voided bets gave the stake back and are no bets, open ones are not
// settled yet, a free box staked nothing). The money is the players' ledger rows of deposits (by the
// invoice's payment method), withdrawals and their refunds, bonuses granted and forfeited,
// adjustments, gift codes and vouchers, affiliate payouts, cashback and leaderboard prizes, and the
// bonuses released (their requirement met); per day, GGR less the bonus cost is NGR (docs/bonuses.md). Each game is also
// split by the parameter that decides its published return (a plinko table, a wheel colour, a box's
// kind: each game's `returnParam` in the catalog), read from the bet's own row, so the published
// figure is exact for the bets actually placed.

export interface GroupRow {
  day: string;
  game: ReportGame;
  param: string | null;
  bets: number;
  wagered: number;
  paid: number;
  /** Σ stake², Σ payout², Σ stake × payout (cents²): the spread of the bets, for the drift's confidence band. */
  ss?: number;
  pp?: number;
  sp?: number;
}

const grants = (db: Db) => db.withTables<BonusTables>();
const day = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The range's start and its end (exclusive) as instants: whole UTC days, `to` included. */
export function reportRange(q: ReportQuery): { start: Date; end: Date } {
  return { start: new Date(`${q.from}T00:00:00Z`), end: new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) };
}

/** The report's name of a journal game (its catalog entry's `reportKey`: `box` and `battle` read as `boxes` and `battles`). */
export const reportGameOf = (game: GameId): ReportGame => GAMES[game].reportKey;

/**
 * The journal's bets that count for the return (settled, with a stake), grouped by `bucket` (as `day`),
 * game and pricing parameter, with the sums the confidence band needs; `range` picks the rows, `join`
 * adds what it reads (the transparency cache's hours: server/transparency/transparency.ts).
 */
export function journalGroupsQuery(bucket: RawBuilder<string>, range: RawBuilder<unknown>, join: RawBuilder<unknown> = sql``) {
  return sql<GroupRow & { game: GameId }>`
    select ${bucket} as day, b.game, ${RETURN_PARAM.column} as param,
      count(*)::int as bets, sum(b.stake)::bigint as wagered, coalesce(sum(b.payout), 0)::bigint as paid,
      sum(b.stake::float8 * b.stake)::float8 as ss, coalesce(sum(b.payout::float8 * b.payout), 0)::float8 as pp, coalesce(sum(b.stake::float8 * b.payout), 0)::float8 as sp
    from bets b ${join} ${RETURN_PARAM.joins}
    where ${range} and b.status = 'settled' and b.stake > 0
    group by 1, 2, 3`;
}

async function journalBets(db: Db, start: Date, end: Date): Promise<GroupRow[]> {
  const { rows } = await journalGroupsQuery(day('b.placed_at'), sql`b.placed_at >= ${start} and b.placed_at < ${end}`).execute(db);
  return rows.map((r) => ({ ...r, game: reportGameOf(r.game) }));
}

const MONEY_REASONS: Record<string, MoneyFigure> = {
  deposit: 'deposits',
  crypto_withdrawal: 'withdrawals',
  crypto_withdrawal_refund: 'withdrawal_refunds',
  deposit_bonus: 'bonuses_granted',
  bonus_credit: 'bonuses_granted',
  bonus_forfeit: 'bonuses_forfeited',
  manual_adjustment: 'adjustments',
  gift_code: 'gift_codes',
  voucher: 'gift_codes',
  referral_earnings: 'affiliate_payouts',
  cashback: 'cashback',
  leaderboard_prize: 'leaderboard_prizes',
  // Race prizes (docs/rewards.md, "Races") are the leaderboard's prizes generalised: one figure.
  race_prize: 'leaderboard_prizes',
  // A challenge's prizes are a race's for a goal of its own (docs/rewards.md): one figure.
  challenge_prize: 'leaderboard_prizes',
  vip_rakeback: 'vip_rakeback',
  // A rank-up bonus and a mission's reward are bonus grants (docs/vip.md, docs/bonuses.md): bonuses
  // granted, in the bonus cost and NGR.
  vip_rank_bonus: 'bonuses_granted',
  mission_reward: 'bonuses_granted',
  // A rain's shares are bonus grants too (docs/community.md, "Rain"); what players tipped into its
  // pot (`rain_tip`, their debits) is their money handed on, netted out of the bonus cost.
  rain_share: 'bonuses_granted',
  rain_tip: 'rain_tips',
  // An invited player's welcome reward is a bonus grant (docs/bonuses.md).
  referral_welcome: 'bonuses_granted',
};
/** The figures the bonus cost nets: bonuses granted (credits) less forfeited and tipped into the rain (debits, negative rows). */
const LESS_COST: ReadonlySet<MoneyFigure> = new Set(['bonuses_forfeited', 'rain_tips']);
/** The ledger reasons whose rows are the bonus cost, signed as the ledger has them. */
const BONUS_COST_REASONS = Object.keys(MONEY_REASONS).filter((r) => MONEY_REASONS[r] === 'bonuses_granted' || LESS_COST.has(MONEY_REASONS[r]!));
/** Figures whose rows are the players' debits: shown as positive amounts. Adjustments stay signed. */
const DEBIT_FIGURES: ReadonlySet<MoneyFigure> = new Set(['withdrawals', 'bonuses_forfeited', 'rain_tips']);

async function moneyRows(db: Db, start: Date, end: Date): Promise<MoneyReportRow[]> {
  const { rows } = await sql<{ day: string; reason: string; method: string | null; count: number; amount: number }>`
    select ${day('l.created_at')} as day, l.reason, inv.gateway as method, count(*)::int as count, sum(l.amount)::bigint as amount
    from ledger_entries l
    join accounts a on a.id = l.account_id and a.kind = 'user'
    left join invoices inv on l.reason = 'deposit' and l.reference = 'invoice:' || inv.id::text
    where l.reason in (${sql.join(Object.keys(MONEY_REASONS))}) and l.created_at >= ${start} and l.created_at < ${end}
    group by 1, 2, 3
    order by 1, 2, 3`.execute(db);
  // Two reasons of one figure (gift codes and vouchers) fold into one row.
  const byKey = new Map<string, MoneyReportRow & { cents: number }>();
  for (const r of rows) {
    const figure = MONEY_REASONS[r.reason]!;
    const method = r.reason === 'deposit' ? (r.method ?? 'unknown') : null;
    const key = `${r.day}|${figure}|${method ?? ''}`;
    const row = byKey.get(key) ?? { day: r.day, figure, method, count: 0, amount: 0, cents: 0 };
    row.count += Number(r.count);
    row.cents += DEBIT_FIGURES.has(figure) ? -Number(r.amount) : Number(r.amount);
    byKey.set(key, row);
  }
  const released = await grants(db)
    .selectFrom('bonus_grants')
    .select([day('ended_at').as('day'), sql<number>`count(*)::int`.as('count'), sql<number>`sum(amount)::bigint`.as('amount')])
    .where('status', '=', 'completed')
    .where('ended_at', '>=', start)
    .where('ended_at', '<', end)
    .groupBy(sql`1`)
    .execute();
  for (const r of released) byKey.set(`${r.day}|bonuses_released|`, { day: r.day, figure: 'bonuses_released', method: null, count: Number(r.count), amount: 0, cents: Number(r.amount) });
  // The journal's stakes that counted toward a grant while it was active, at its weights (docs/bonuses.md).
  const { rows: wagered } = await sql<{ day: string; count: number; amount: string }>`
    select ${day('b.placed_at')} as day, count(*)::int as count, floor(sum(${bonusWeightedStake('b', sql.ref('g.game_weights'))}) / 100)::bigint as amount
    from bonus_grants g
    join bets b on b.user_id = g.user_id and b.placed_at >= g.granted_at and b.placed_at < least(g.expires_at, coalesce(g.ended_at, g.expires_at)) and ${isPlay('b')}
    where b.placed_at >= ${start} and b.placed_at < ${end} and ${bonusWeightedStake('b', sql.ref('g.game_weights'))} > 0
    group by 1`.execute(db);
  for (const r of wagered) byKey.set(`${r.day}|bonuses_wagered|`, { day: r.day, figure: 'bonuses_wagered', method: null, count: Number(r.count), amount: 0, cents: Number(r.amount) });
  const order = (f: MoneyFigure) => MONEY_FIGURES.indexOf(f);
  return [...byKey.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || order(a.figure) - order(b.figure) || (a.method ?? '').localeCompare(b.method ?? ''))
    .map(({ cents, ...r }) => ({ ...r, amount: centsToCoins(cents) }));
}

/**
 * Per day and for the range: GGR over every game (the games' rows), the bonus cost (bonuses granted
 * less bonuses forfeited and less what players tipped into the rain, from the money rows) and
 * NGR = GGR − bonus cost, all summed in cents.
 */
export function revenueRows(games: readonly GameReportRow[], money: readonly MoneyReportRow[]): { days: RevenueRow[]; totals: Omit<RevenueRow, 'day'> } {
  const byDay = new Map<string, { wagered: number; paid: number; cost: number }>();
  const at = (d: string) => byDay.get(d) ?? (byDay.set(d, { wagered: 0, paid: 0, cost: 0 }), byDay.get(d)!);
  for (const g of games) {
    at(g.day).wagered += centsOf(g.wagered);
    at(g.day).paid += centsOf(g.paid);
  }
  for (const m of money) {
    if (m.figure === 'bonuses_granted') at(m.day).cost += centsOf(m.amount);
    if (LESS_COST.has(m.figure)) at(m.day).cost -= centsOf(m.amount);
  }
  const row = (c: { wagered: number; paid: number; cost: number }) => ({
    wagered: centsToCoins(c.wagered),
    paid: centsToCoins(c.paid),
    ggr: centsToCoins(c.wagered - c.paid),
    bonus_cost: centsToCoins(c.cost),
    ngr: centsToCoins(c.wagered - c.paid - c.cost),
  });
  const days = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  const sum = days.reduce((s, [, c]) => ({ wagered: s.wagered + c.wagered, paid: s.paid + c.paid, cost: s.cost + c.cost }), { wagered: 0, paid: 0, cost: 0 });
  return { days: days.map(([d, c]) => ({ day: d, ...row(c) })), totals: row(sum) };
}

const percent = (x: number) => Math.round(x * 10_000) / 100;

/**
 * ± percentage points around the published return within which a fair game's measured return lies
 * (RTP_BAND_Z standard errors). The measured return is Σ payout / Σ stake; its standard error, from
 * the bets themselves, is √Σ(payout − rtp × stake)² / Σ stake (`spread` is that sum, cents²).
 */
export function driftBand(spread: number, priced: number): number | null {
  if (priced <= 0) return null;
  return Math.ceil(RTP_BAND_Z * (Math.sqrt(Math.max(0, spread)) / priced) * 10_000) / 100;
}

/** Folds the groups' rows into one row per day and game, the published return weighted by each part's stake. */
export function gameRows(groups: readonly GroupRow[]): GameReportRow[] {
  const byKey = new Map<string, { day: string; game: ReportGame; bets: number; wagered: number; paid: number; expected: number; priced: number; spread: number }>();
  for (const g of groups) {
    const key = `${g.day}|${g.game}`;
    const row = byKey.get(key) ?? { day: g.day, game: g.game, bets: 0, wagered: 0, paid: 0, expected: 0, priced: 0, spread: 0 };
    const wagered = Number(g.wagered);
    const rtp = publishedReturn(g.game, g.param);
    row.bets += Number(g.bets);
    row.wagered += wagered;
    row.paid += Number(g.paid);
    if (rtp !== null) {
      row.expected += wagered * rtp;
      row.priced += wagered;
      // Σ (payout − rtp × stake)²: each bet's distance from what the published return expects of it.
      row.spread += Number(g.pp ?? 0) - 2 * rtp * Number(g.sp ?? 0) + rtp * rtp * Number(g.ss ?? 0);
    }
    byKey.set(key, row);
  }
  const order = (g: ReportGame) => REPORT_GAMES.indexOf(g);
  return [...byKey.values()]
    .sort((a, b) => a.day.localeCompare(b.day) || order(a.game) - order(b.game))
    .map((r) => {
      const measured = r.wagered > 0 ? percent(r.paid / r.wagered) : null;
      const published = r.priced > 0 ? percent(r.expected / r.priced) : null;
      const drift = measured === null || published === null ? null : Math.round((measured - published) * 100) / 100;
      const band = driftBand(r.spread, r.priced);
      return {
        day: r.day,
        game: r.game,
        bets: r.bets,
        wagered: centsToCoins(r.wagered),
        paid: centsToCoins(r.paid),
        ggr: centsToCoins(r.wagered - r.paid),
        measured_return: measured,
        published_return: published,
        drift,
        drift_band: band,
        drift_flagged: drift !== null && band !== null && r.bets >= RTP_MIN_BETS && Math.abs(drift) > band,
        bonus_cost: 0,
        ngr: centsToCoins(r.wagered - r.paid),
      };
    });
}

/**
 * Each day's bonus cost on its games' rows (cents per day and game: server/reports/bonusAttribution.ts),
 * NGR = GGR − that cost; a game given cost on a day it had no settled bet, and the unattributed
 * part, get rows of their own with nothing wagered.
 */
export function withBonusCost(games: readonly GameReportRow[], costs: ReadonlyMap<string, ReadonlyMap<CostKey, number>>): GameReportRow[] {
  const rows = new Map(games.map((g) => [`${g.day}|${g.game}`, { ...g }]));
  for (const [day, parts] of costs) {
    for (const [game, cents] of parts) {
      if (cents === 0) continue;
      const row = rows.get(`${day}|${game}`) ?? { day, game, bets: 0, wagered: 0, paid: 0, ggr: 0, measured_return: null, published_return: null, drift: null, drift_band: null, drift_flagged: false, bonus_cost: 0, ngr: 0 };
      row.bonus_cost = centsToCoins(cents);
      row.ngr = centsToCoins(centsOf(row.ggr) - cents);
      rows.set(`${day}|${game}`, row);
    }
  }
  const order = (g: CostKey) => (g === UNATTRIBUTED ? REPORT_GAMES.length : REPORT_GAMES.indexOf(g));
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || order(a.game) - order(b.game));
}

/** The games table's totals row: the range's sums over every game, in cents then coins. */
export function gameTotals(games: readonly GameReportRow[]): GameTotals {
  const sum = games.reduce((s, g) => ({ bets: s.bets + g.bets, wagered: s.wagered + centsOf(g.wagered), paid: s.paid + centsOf(g.paid), cost: s.cost + centsOf(g.bonus_cost) }), { bets: 0, wagered: 0, paid: 0, cost: 0 });
  return { bets: sum.bets, wagered: centsToCoins(sum.wagered), paid: centsToCoins(sum.paid), ggr: centsToCoins(sum.wagered - sum.paid), bonus_cost: centsToCoins(sum.cost), ngr: centsToCoins(sum.wagered - sum.paid - sum.cost) };
}

/** The money table's totals rows: each figure's range total over its days and methods, in the figures' order. */
export function moneyTotals(money: readonly MoneyReportRow[]): MoneyTotal[] {
  return MONEY_FIGURES.flatMap((figure) => {
    const rows = money.filter((m) => m.figure === figure);
    if (rows.length === 0) return [];
    return [{ figure, count: rows.reduce((s, m) => s + m.count, 0), amount: centsToCoins(rows.reduce((s, m) => s + centsOf(m.amount), 0)) }];
  });
}

export async function gameReport(db: Db, q: ReportQuery) {
  const { start, end } = reportRange(q);
  const [bets, money, costs, payouts] = await Promise.all([journalBets(db, start, end), moneyRows(db, start, end), bonusCostByGame(db, BONUS_COST_REASONS, start, end), programmeCents(db, start, end)]);
  const games = withBonusCost(gameRows(bets), costs);
  const revenue = revenueRows(games, money);
  return { from: q.from, to: q.to, games, game_totals: gameTotals(games), money, money_totals: moneyTotals(money), ...revenue, ...programmeRows(payouts, revenue.days, revenue.totals.ggr) };
}
