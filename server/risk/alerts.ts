import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { notFound } from '../http/errors.ts';
import { everyWhileLeader, type LeaderElection } from '../realtime/leaderLock.ts';
import type { Log } from '../log.ts';
import type { AlertKind, RiskAlert } from '../../core/protocol/risk.ts';
import type { HarmMarker } from '../../core/protocol/notificationEvents.ts';
import { notify } from '../notifications/notifications.ts';
import { clusterOf, markValue, sameCluster } from './marks.ts';

// The alert scanner (docs/risk.md, "Alerts"): on the leader, every minute, it reads what happened
// since its last run (tips, battle seats, withdrawals asked for and canceled, deposits, bets, limit changes: each
// by an index on its time) and raises an alert, with its evidence, for each pattern an operator
// should look at; a marker of harm also sends the player a gentle message (a notification). Nothing is refused here: the rules (rules.ts) refuse; alerts point. A finding's key makes
// it one alert however often it is seen; a run reads a minute back past its last end, for the
// transactions that committed late.

/** A withdrawal after less play than this many times the last deposit is "quick". */
export const QUICK_WITHDRAWAL_TURNOVER = 1;
/** Deposits under this (cents)… */
export const SMALL_DEPOSIT = 10_00;
/** …this many times in 24 hours raise an alert. */
export const SMALL_DEPOSITS_A_DAY = 5;
/** Withdrawals canceled by the player this many times in 7 days raise an alert. */
export const CANCELED_WITHDRAWALS_A_WEEK = 3;
/** Markers of harm (docs/risk.md, "Markers of harm"): a stake at least doubled right after a loss, this many times in 24 hours… */
export const LOSS_CHASE_ESCALATIONS = 5;
/** …deposits in 24 hours of at least this (cents) and this many times the player's daily average of the 30 days before… */
export const DEPOSIT_SPIKE_MIN = 100_00;
export const DEPOSIT_SPIKE_TIMES = 3;
/** …or this many bets between midnight and 05:00 UTC (the player's own night is not known; UTC is said so). */
export const NIGHT_BETS = 50;
const NIGHT_END_HOUR_UTC = 5;
/** …or this many limits raised or removed in 30 days (from the limits' history, limit_changes). */
export const LIMIT_RAISES_A_MONTH = 3;
export const RISK_SCAN_MS = 60_000;
/** How far back the first run reads, and how far each run reads back past the last one's end. */
const FIRST_LOOK_BACK_MS = 24 * 3600_000;
const OVERLAP_MS = 60_000;
const DAY_MS = 24 * 3600_000;

interface Finding {
  key: string;
  kind: AlertKind;
  userId: number;
  evidence: Record<string, string | number>;
  /** A marker of harm: the player is also sent a gentle message (a notification), once per alert. */
  harm?: HarmMarker;
  /** A pattern over a window (ms): one alert of its kind per player within it, whatever day keys it. */
  within?: number;
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const names = async (db: Db, ids: readonly number[]) => (await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...ids]).orderBy('id').execute()).map((u) => u.name);

/** Tips whose sender and recipient are one cluster (possible while the tip rule is off). */
async function clusterTips(db: Db, from: Date, to: Date): Promise<Finding[]> {
  const tips = await db.selectFrom('tips').select(['id', 'sender_id', 'recipient_id', 'amount']).where('created_at', '>=', from).where('created_at', '<', to).execute();
  const found: Finding[] = [];
  for (const t of tips) {
    if (!(await sameCluster(db, Number(t.sender_id), Number(t.recipient_id)))) continue;
    const [to] = await names(db, [Number(t.recipient_id)]);
    found.push({ key: `cluster_tip:${t.id}`, kind: 'cluster_tip', userId: Number(t.sender_id), evidence: { tip: Number(t.id), to: to ?? '', amount: centsToCoins(Number(t.amount)) } });
  }
  return found;
}

/** Battles a seat was taken in since the last run, where two players' seats are one cluster. */
async function clusterBattles(db: Db, from: Date, to: Date): Promise<Finding[]> {
  const { rows } = await sql<{ battle_id: string; users: string[] }>`
    select s.battle_id, array_agg(distinct s.user_id) as users from battle_seats s
    where s.user_id is not null and s.battle_id in (select battle_id from battle_seats where joined_at >= ${from.toISOString()}::timestamptz and joined_at < ${to.toISOString()}::timestamptz)
    group by s.battle_id having count(distinct s.user_id) > 1`.execute(db);
  const found: Finding[] = [];
  for (const b of rows) {
    const users = b.users.map(Number).sort((x, y) => x - y);
    const first = users[0]!;
    const cluster = new Set(await clusterOf(db, first));
    const linked = users.filter((u) => cluster.has(u));
    if (linked.length < 2) continue;
    found.push({ key: `cluster_battle:${b.battle_id}`, kind: 'cluster_battle', userId: first, evidence: { battle: Number(b.battle_id), players: (await names(db, linked)).join(', ') } });
  }
  return found;
}

/** Crypto withdrawals asked for since the last run: after little play since the last deposit, or to an address another account used. */
async function withdrawals(db: Db, secret: string, from: Date, to: Date): Promise<Finding[]> {
  const rows = await db.selectFrom('withdrawals').select(['id', 'user_id', 'amount', 'wallet_address', 'created_at']).where('type', '=', 'crypto').where('created_at', '>=', from).where('created_at', '<', to).execute();
  const found: Finding[] = [];
  for (const w of rows) {
    const userId = Number(w.user_id);
    const at = new Date(w.created_at);
    const deposit = await sql<{ amount: string; created_at: Date }>`
      select l.amount, l.created_at from ledger_entries l join accounts a on a.id = l.account_id
      where a.user_id = ${userId} and l.reason = 'deposit' and l.created_at <= ${at.toISOString()}::timestamptz order by l.id desc limit 1`.execute(db);
    const last = deposit.rows[0];
    if (last) {
      const played = await sql<{ staked: string | null }>`
        select sum(stake) as staked from bets where user_id = ${userId} and status in ('open', 'settled')
          and placed_at >= ${new Date(last.created_at).toISOString()}::timestamptz and placed_at <= ${at.toISOString()}::timestamptz`.execute(db);
      const staked = Number(played.rows[0]?.staked ?? 0);
      if (staked < Number(last.amount) * QUICK_WITHDRAWAL_TURNOVER) {
        found.push({ key: `quick_withdrawal:${w.id}`, kind: 'quick_withdrawal', userId, evidence: { withdrawal: Number(w.id), amount: centsToCoins(Number(w.amount)), deposit: centsToCoins(Number(last.amount)), staked_since: centsToCoins(staked) } });
      }
    }
    if (w.wallet_address) {
      const value = markValue(secret, 'crypto_address', w.wallet_address);
      const others = await db.selectFrom('account_marks').select('user_id').where('kind', '=', 'crypto_address').where('value', '=', value).where('user_id', '<>', userId).execute();
      if (others.length > 0) {
        found.push({ key: `shared_withdrawal_address:${w.id}`, kind: 'shared_withdrawal_address', userId, evidence: { withdrawal: Number(w.id), also_used_by: (await names(db, others.map((o) => Number(o.user_id)))).join(', ') } });
      }
    }
  }
  return found;
}

/** Players who deposited since the last run and made SMALL_DEPOSITS_A_DAY small deposits in the last 24 hours. */
async function smallDeposits(db: Db, from: Date, to: Date): Promise<Finding[]> {
  const { rows } = await sql<{ user_id: string; n: number; total: string }>`
    select a.user_id, count(*)::int as n, sum(l.amount) as total from ledger_entries l join accounts a on a.id = l.account_id
    where l.reason = 'deposit' and a.kind = 'user' and l.amount < ${SMALL_DEPOSIT} and l.created_at > ${new Date(to.getTime() - DAY_MS).toISOString()}::timestamptz and l.created_at < ${to.toISOString()}::timestamptz
      and a.user_id in (select a2.user_id from ledger_entries l2 join accounts a2 on a2.id = l2.account_id where l2.reason = 'deposit' and l2.created_at >= ${from.toISOString()}::timestamptz and l2.created_at < ${to.toISOString()}::timestamptz)
    group by a.user_id having count(*) >= ${SMALL_DEPOSITS_A_DAY}`.execute(db);
  return rows.map((r) => ({ key: `small_deposits:${r.user_id}:${day(to)}`, kind: 'small_deposits' as const, userId: Number(r.user_id), evidence: { deposits: r.n, total: centsToCoins(Number(r.total)) }, within: DAY_MS }));
}

/** Players who canceled a withdrawal since the last run and CANCELED_WITHDRAWALS_A_WEEK in the last 7 days. */
async function withdrawalCycles(db: Db, from: Date, to: Date): Promise<Finding[]> {
  const { rows } = await sql<{ user_id: string; n: number }>`
    select user_id, count(*)::int as n from withdrawals
    where status = 'canceled_by_user' and updated_at > ${new Date(to.getTime() - 7 * DAY_MS).toISOString()}::timestamptz and updated_at < ${to.toISOString()}::timestamptz
      and user_id in (select user_id from withdrawals where status = 'canceled_by_user' and updated_at >= ${from.toISOString()}::timestamptz and updated_at < ${to.toISOString()}::timestamptz)
    group by user_id having count(*) >= ${CANCELED_WITHDRAWALS_A_WEEK}`.execute(db);
  return rows.map((r) => ({ key: `withdrawal_cycles:${r.user_id}:${day(to)}`, kind: 'withdrawal_cycles' as const, userId: Number(r.user_id), evidence: { canceled_in_7_days: r.n }, within: 7 * DAY_MS }));
}

/** The players who placed a bet in [from, to) (by the journal's time index). */
async function playersWithBets(db: Db, from: Date, to: Date): Promise<number[]> {
  const rows = await db.selectFrom('bets').select('user_id').distinct().where('placed_at', '>=', from).where('placed_at', '<', to).limit(2000).execute();
  return rows.map((r) => Number(r.user_id));
}

/** Loss chasing: players whose stake at least doubled right after a lost bet LOSS_CHASE_ESCALATIONS times in the last 24 hours. */
async function lossChasing(db: Db, players: readonly number[], to: Date): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const userId of players) {
    const { rows } = await sql<{ escalations: number }>`
      select count(*)::int as escalations from (
        select stake, lag(stake) over (order by placed_at, id) as last_stake, lag(payout) over (order by placed_at, id) as last_payout
        from bets where user_id = ${userId} and status = 'settled' and placed_at > ${new Date(to.getTime() - DAY_MS).toISOString()}::timestamptz and placed_at < ${to.toISOString()}::timestamptz
      ) b where b.last_payout < b.last_stake and b.stake >= 2 * b.last_stake`.execute(db);
    const escalations = rows[0]?.escalations ?? 0;
    if (escalations >= LOSS_CHASE_ESCALATIONS) found.push({ key: `loss_chasing:${userId}:${day(to)}`, kind: 'loss_chasing', userId, evidence: { stakes_doubled_after_a_loss: escalations }, harm: 'loss_chasing', within: DAY_MS });
  }
  return found;
}

/** Long night play: players with NIGHT_BETS bets between midnight and 05:00 UTC of the night the run is in. */
async function nightPlay(db: Db, players: readonly number[], to: Date): Promise<Finding[]> {
  if (to.getUTCHours() >= NIGHT_END_HOUR_UTC || players.length === 0) return [];
  const midnight = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()));
  const { rows } = await sql<{ user_id: string; n: number }>`
    select user_id, count(*)::int as n from bets
    where user_id in (${sql.join(players)}) and placed_at >= ${midnight.toISOString()}::timestamptz and placed_at < ${to.toISOString()}::timestamptz
    group by user_id having count(*) >= ${NIGHT_BETS}`.execute(db);
  return rows.map((r) => ({ key: `night_play:${r.user_id}:${day(to)}`, kind: 'night_play' as const, userId: Number(r.user_id), evidence: { bets_since_midnight_utc: r.n }, harm: 'night_play' as const, within: DAY_MS }));
}

/** A deposit spike: players who deposited since the last run, DEPOSIT_SPIKE_TIMES their 30-day daily average in 24 hours (and at least DEPOSIT_SPIKE_MIN). */
async function depositSpikes(db: Db, from: Date, to: Date): Promise<Finding[]> {
  const dayAgo = new Date(to.getTime() - DAY_MS).toISOString();
  const { rows } = await sql<{ user_id: string; today: string; before: string }>`
    select a.user_id,
      coalesce(sum(l.amount) filter (where l.created_at > ${dayAgo}::timestamptz), 0) as today,
      coalesce(sum(l.amount) filter (where l.created_at <= ${dayAgo}::timestamptz), 0) as before
    from ledger_entries l join accounts a on a.id = l.account_id
    where l.reason = 'deposit' and a.kind = 'user' and l.created_at > ${new Date(to.getTime() - 31 * DAY_MS).toISOString()}::timestamptz and l.created_at < ${to.toISOString()}::timestamptz
      and a.user_id in (select a2.user_id from ledger_entries l2 join accounts a2 on a2.id = l2.account_id where l2.reason = 'deposit' and l2.created_at >= ${from.toISOString()}::timestamptz and l2.created_at < ${to.toISOString()}::timestamptz)
    group by a.user_id`.execute(db);
  const found: Finding[] = [];
  for (const r of rows) {
    const today = Number(r.today);
    const average = Number(r.before) / 30;
    // A first deposit is no spike: there is no usual to compare with.
    if (average > 0 && today >= DEPOSIT_SPIKE_MIN && today >= DEPOSIT_SPIKE_TIMES * average) {
      found.push({ key: `deposit_spike:${r.user_id}:${day(to)}`, kind: 'deposit_spike', userId: Number(r.user_id), evidence: { deposited_24h: centsToCoins(today), daily_average_30d: centsToCoins(Math.round(average)) }, harm: 'deposit_spike', within: DAY_MS });
    }
  }
  return found;
}

/** Limit raises: players who raised or removed a limit since the last run, LIMIT_RAISES_A_MONTH times in 30 days (a new limit or a lower one is no raise). */
async function limitRaises(db: Db, from: Date, to: Date): Promise<Finding[]> {
  const { rows } = await sql<{ user_id: string; n: number }>`
    select user_id, count(*)::int as n from limit_changes
    where from_amount is not null and (to_amount is null or to_amount > from_amount)
      and created_at > ${new Date(to.getTime() - 30 * DAY_MS).toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
      and user_id in (select user_id from limit_changes where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz)
    group by user_id having count(*) >= ${LIMIT_RAISES_A_MONTH}`.execute(db);
  return rows.map((r) => ({ key: `limit_raises:${r.user_id}:${day(to)}`, kind: 'limit_raises' as const, userId: Number(r.user_id), evidence: { raised_or_removed_in_30_days: r.n }, harm: 'limit_raises' as const, within: 30 * DAY_MS }));
}

/** The findings left once a windowed pattern already alerted for the same player and kind within its window is dropped. */
async function withoutRecent(db: Db, findings: readonly Finding[], now: Date): Promise<Finding[]> {
  const kept: Finding[] = [];
  for (const f of findings) {
    if (f.within !== undefined) {
      const recent = await db.selectFrom('risk_alerts').select('id').where('user_id', '=', f.userId).where('kind', '=', f.kind).where('created_at', '>', new Date(now.getTime() - f.within)).executeTakeFirst();
      if (recent) continue;
    }
    kept.push(f);
  }
  return kept;
}

/** One run: reads what happened since the last run (a minute of overlap) up to `now`, raises each finding once; answers the alerts raised. */
export async function scanAlerts(deps: { db: Db; appSecret: string }, now: Date): Promise<number> {
  const { db } = deps;
  const cursor = await db.selectFrom('risk_scan').select('scanned_to').where('id', '=', 1).executeTakeFirstOrThrow();
  const from = new Date((cursor.scanned_to ? new Date(cursor.scanned_to).getTime() : now.getTime() - FIRST_LOOK_BACK_MS) - OVERLAP_MS);
  const findings = [
    ...(await clusterTips(db, from, now)),
    ...(await clusterBattles(db, from, now)),
    ...(await withdrawals(db, deps.appSecret, from, now)),
    ...(await smallDeposits(db, from, now)),
    ...(await withdrawalCycles(db, from, now)),
    ...(await depositSpikes(db, from, now)),
    ...(await limitRaises(db, from, now)),
  ];
  const players = await playersWithBets(db, from, now);
  findings.push(...(await lossChasing(db, players, now)), ...(await nightPlay(db, players, now)));
  const fresh = await withoutRecent(db, findings, now);
  let raised = 0;
  if (fresh.length > 0) {
    raised = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('risk_alerts')
        .values(fresh.map((f) => ({ key: f.key, kind: f.kind, user_id: f.userId, evidence: JSON.stringify(f.evidence), created_at: now })))
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .execute();
      // A marker of harm tells the player too, once, with the alert (the notification's key is the alert's).
      const raisedKeys = new Set(inserted.map((r) => r.key));
      for (const f of fresh) if (f.harm && raisedKeys.has(f.key)) await notify(trx, f.userId, 'wellbeing', f.key, { marker: f.harm });
      return inserted.length;
    });
  }
  await db.updateTable('risk_scan').set({ scanned_to: now }).where('id', '=', 1).execute();
  return raised;
}

/** On the leader: a scan at once and every RISK_SCAN_MS. */
export function runRiskAlerts(deps: { db: Db; appSecret: string; leader: LeaderElection; log: Log; clock: { now(): number } }, everyMs = RISK_SCAN_MS): void {
  everyWhileLeader(
    deps.leader,
    everyMs,
    () => scanAlerts(deps, new Date(deps.clock.now())),
    (error) => deps.log.error({ err: error }, 'risk alert scan failed'),
  );
}

const ALERT_COLUMNS = ['a.id', 'a.kind', 'a.user_id', 'u.name', 'a.evidence', 'a.status', 'a.note', 'a.created_at'] as const;

function alertWire(r: { id: number | string; kind: string; user_id: number | string; name: string; evidence: Record<string, string | number>; status: RiskAlert['status']; note: string | null; created_at: Date }): RiskAlert {
  return { id: Number(r.id), kind: r.kind as AlertKind, player: { id: Number(r.user_id), name: r.name }, evidence: r.evidence, status: r.status, note: r.note, created_at: new Date(r.created_at).toISOString() };
}

/** The console's queue: open alerts (or closed ones), newest first. */
export async function listAlerts(db: Db, status: 'open' | 'closed'): Promise<RiskAlert[]> {
  const rows = await db
    .selectFrom('risk_alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(ALERT_COLUMNS)
    .where('a.status', status === 'open' ? '=' : '<>', 'open')
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
  return rows.map(alertWire);
}

/** Closes an open alert as dismissed or acted on, with the note, and its audit row; 404 when none is open with that id. */
export async function closeAlert(db: Db, actor: Actor, id: number, close: { status: 'dismissed' | 'actioned'; note: string }): Promise<RiskAlert> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('risk_alerts')
      .set({ status: close.status, note: close.note, resolved_at: sql<Date>`now()`, resolved_by: actor.userId })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('This alert is not open.');
    await audit(trx, actor, { action: 'risk.alert', targetKind: 'risk_alert', targetId: String(id), after: close });
    const closed = await trx.selectFrom('risk_alerts as a').innerJoin('users as u', 'u.id', 'a.user_id').select(ALERT_COLUMNS).where('a.id', '=', id).executeTakeFirstOrThrow();
    return alertWire(closed);
  });
}
