import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsOf, centsToCoins } from '../../core/money/cents.ts';
import { PROGRAMME_REASONS, PROGRAMMES, type Programme, type ProgrammeRow, type ProgrammeTotal, type RevenueRow } from '../../core/protocol/adminReports.ts';

// What each programme paid players back per day (docs/operator-console.md, "Reports"): the players'
// ledger rows of its reasons (core/protocol/adminReports.ts, PROGRAMME_REASONS), and the share of
// the day's GGR that is: the house edge returned through rakeback, races, missions and the rest.

const PROGRAMME_OF = new Map<string, Programme>(PROGRAMMES.flatMap((p) => PROGRAMME_REASONS[p].map((reason) => [reason, p] as const)));

/** Percent with two decimals of the GGR, null when there was no positive GGR to pay back from. */
const shareOf = (cents: number, ggr: number) => (ggr > 0 ? Math.round((cents / ggr) * 10_000) / 100 : null);

/** Each programme's payouts per day (cents), in the programmes' order. */
export async function programmeCents(db: Db, start: Date, end: Date): Promise<{ day: string; programme: Programme; count: number; cents: number }[]> {
  const { rows } = await sql<{ day: string; reason: string; count: number; amount: string }>`
    select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, l.reason, (count(*) filter (where l.amount > 0))::int as count, sum(l.amount)::bigint as amount
    from ledger_entries l
    join accounts a on a.id = l.account_id and a.kind = 'user'
    where l.reason in (${sql.join([...PROGRAMME_OF.keys()])}) and l.created_at >= ${start} and l.created_at < ${end}
    group by 1, 2`.execute(db);
  const byKey = new Map<string, { day: string; programme: Programme; count: number; cents: number }>();
  for (const r of rows) {
    const programme = PROGRAMME_OF.get(r.reason)!;
    const row = byKey.get(`${r.day}|${programme}`) ?? { day: r.day, programme, count: 0, cents: 0 };
    row.count += Number(r.count);
    row.cents += Number(r.amount);
    byKey.set(`${r.day}|${programme}`, row);
  }
  const order = (p: Programme) => PROGRAMMES.indexOf(p);
  return [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || order(a.programme) - order(b.programme));
}

/** The programme rows with their share of each day's GGR, and the range's totals against the range's GGR. */
export function programmeRows(
  payouts: readonly { day: string; programme: Programme; count: number; cents: number }[],
  days: readonly RevenueRow[],
  totalGgr: number,
): { programmes: ProgrammeRow[]; programme_totals: ProgrammeTotal[] } {
  const ggr = new Map(days.map((d) => [d.day, centsOf(d.ggr)]));
  const programmes = payouts.map((p) => ({ day: p.day, programme: p.programme, count: p.count, amount: centsToCoins(p.cents), ggr_share: shareOf(p.cents, ggr.get(p.day) ?? 0) }));
  const programme_totals = PROGRAMMES.flatMap((programme) => {
    const rows = payouts.filter((p) => p.programme === programme);
    if (rows.length === 0) return [];
    const cents = rows.reduce((s, p) => s + p.cents, 0);
    return [{ programme, count: rows.reduce((s, p) => s + p.count, 0), amount: centsToCoins(cents), ggr_share: shareOf(cents, centsOf(totalGgr)) }];
  });
  return { programmes, programme_totals };
}
