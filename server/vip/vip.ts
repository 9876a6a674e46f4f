import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Wallet } from '../wallet/wallet.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { msgError, validationError } from '../http/errors.ts';
import { isPlay } from '../history/play.ts';
import { RETURN_PARAM } from '../journal/returnParam.ts';
import { grantBonus } from '../bonuses/grants.ts';
import { rewardRestrictions } from '../responsible/playGate.ts';
import { descriptorOf, isGameId } from '../../core/games/catalog.ts';
import { levelOf } from '../../core/games/levels.ts';
import { edgePpm, nextRank, rankCashbackRate, rankOfLevel, rankStartXp, RAKEBACK_SCALE, VIP_RANKS, VIP_RATE_BOUNDS, VIP_TIERS, type VipRates, type VipTier } from '../../core/games/vip.ts';
import type { VipTables } from './schema.ts';

// VIP ranks and rakeback (docs/vip.md). A player's rank follows their level (core/games/vip.ts). Their
// rakeback is read from the bets journal and nothing else: each settled bet with a stake earns
// stake × its house edge (1 − the published return of the game's descriptor for that bet's
// parameter) × the rakeback rate of the rank the player held when placing it, at the rate in force
// when it settled. Summed exactly over all the player's bets (a checkpoint holds the sum of those
// long ended, so a read prices only the recent ones: rakebackEarned), floored to the cent, less what
// they claimed (vip_players) is claimable at once. A claim locks the player's vip_players row, so parallel
// claims run one after another and only the first finds anything. A rank-up bonus is paid once per
// player and rank by the primary key of vip_rank_bonuses.

type Trx = Transaction<Database>;
const vip = (db: Db | Trx) => db.withTables<VipTables>();

/** Every rank's rates in force now (the latest row of each). */
export async function currentVipRates(db: Db | Trx): Promise<Record<VipTier, VipRates>> {
  const rows = await vip(db)
    .selectFrom('vip_rates')
    .select(['tier', 'rakeback_bp', 'rank_bonus'])
    .distinctOn('tier')
    .orderBy('tier')
    .orderBy('from_at', 'desc')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.tier, { rakebackBp: Number(r.rakeback_bp), rankBonus: Number(r.rank_bonus) }])) as Record<VipTier, VipRates>;
}

/** The rank a journal row's player held when placing it, from the XP (play stakes) before it: SQL over `xp`. */
const tierAtXp = (xp: string) =>
  sql<VipTier>`case ${sql.join(
    [...VIP_RANKS].reverse().map((r) => sql`when ${sql.ref(xp)} >= ${sql.lit(rankStartXp(r))} then ${r.tier}`),
    sql` `,
  )} end`;

/**
 * A bet that ended this long before a read goes into the player's checkpoint: longer than any bet's
 * or rate change's transaction lasts, so no bet placed before it, nor a rate in force before it, can
 * still appear after the checkpoint has priced it.
 */
export const CHECKPOINT_AFTER_MS = 10 * 60_000;

/** One group of a player's settled bets with a stake: a game, its pricing parameter, the rate that priced them, their stakes (cents). */
export interface RakebackGroup {
  game: string;
  param: string | null;
  rakebackBp: number;
  staked: number;
}

/** A group of the bets read after the checkpoint; `final`: of the leading bets that all ended before the cutoff (the checkpoint's next stretch). */
interface TailGroup extends RakebackGroup {
  final: boolean;
  /** The group's last bet id and its bets' play stakes (cents), refunded and open bets included in the id. */
  lastId: number;
  played: number;
}

/**
 * The player's bets after `from.throughId`, priced (see the header) with the XP before them starting
 * at `from.xp`: grouped by whether they lead the tail ended before `cutoff`, game, parameter and rate.
 */
async function rakebackTail(db: Db | Trx, userId: number, from: { throughId: number; xp: number }, cutoff: Date): Promise<TailGroup[]> {
  const { rows } = await sql<{ final: boolean; game: string; param: string | null; rakeback_bp: number | null; staked: string; last_id: string; played: string }>`
    with played as (
      select b.id, b.game, ${RETURN_PARAM.column} as param, b.stake, b.status, b.settled_at,
        ${from.xp}::bigint + coalesce(sum(b.stake) filter (where ${isPlay('b')}) over (order by b.id rows between unbounded preceding and 1 preceding), 0) as xp,
        bool_and(b.status <> 'open' and b.placed_at < ${cutoff} and coalesce(b.settled_at, b.placed_at) < ${cutoff}) over (order by b.id rows between unbounded preceding and current row) as final
      from bets b ${RETURN_PARAM.joins}
      where b.user_id = ${userId} and b.id > ${from.throughId}
    )
    select p.final, p.game, p.param, v.rakeback_bp, coalesce(sum(p.stake) filter (where v.rakeback_bp is not null), 0)::bigint as staked,
      max(p.id) as last_id, coalesce(sum(p.stake) filter (where ${isPlay('p')}), 0)::bigint as played
    from played p
    left join lateral (
      select r.rakeback_bp from vip_rates r
      where p.status = 'settled' and p.stake > 0 and r.tier = ${tierAtXp('p.xp')} and r.from_at <= p.settled_at
      order by r.from_at desc limit 1
    ) v on true
    group by 1, 2, 3, 4`.execute(db);
  return rows.map((r) => ({
    final: r.final,
    game: r.game,
    param: r.param,
    rakebackBp: Number(r.rakeback_bp ?? 0),
    staked: Number(r.staked),
    lastId: Number(r.last_id),
    played: Number(r.played),
  }));
}

/**
 * The player's rakeback earned since the account opened, in whole cents (rounded down once, over the
 * exact sum): their checkpoint's sum plus the bets after it. The leading bets after it that ended
 * more than CHECKPOINT_AFTER_MS before `now` move the checkpoint on (a later checkpoint is never
 * moved back), so a read sums the last minutes' bets and the open ones, not the whole journal.
 */
export async function rakebackEarned(db: Db | Trx, userId: number, now: Date): Promise<number> {
  const checkpoint = await vip(db).selectFrom('vip_rakeback_checkpoints').select(['through_id', 'xp', sql<string>`scaled::text`.as('scaled')]).where('user_id', '=', userId).executeTakeFirst();
  const from = { throughId: Number(checkpoint?.through_id ?? 0), xp: Number(checkpoint?.xp ?? 0), scaled: BigInt(checkpoint?.scaled ?? 0) };
  const tail = await rakebackTail(db, userId, from, new Date(now.getTime() - CHECKPOINT_AFTER_MS));
  const final = tail.filter((g) => g.final);
  if (final.length > 0) {
    const next = {
      user_id: userId,
      through_id: Math.max(...final.map((g) => g.lastId)),
      xp: from.xp + final.reduce((sum, g) => sum + g.played, 0),
      scaled: String(from.scaled + scaledRakeback(final)),
    };
    await vip(db)
      .insertInto('vip_rakeback_checkpoints')
      .values(next)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ through_id: next.through_id, xp: next.xp, scaled: next.scaled }).where('vip_rakeback_checkpoints.through_id', '<', next.through_id))
      .execute();
  }
  return Number((from.scaled + scaledRakeback(tail)) / RAKEBACK_SCALE);
}

/** A bet's house edge in ppm: from its game's published return for its parameter (the nominal edge when the parameter is unknown). */
export function betEdgePpm(game: string, param: string | null): number {
  if (!isGameId(game)) return 0;
  const d = descriptorOf(game);
  const ret = d.publishedReturn(param);
  return ret === null ? d.houseEdgeBp * 100 : edgePpm(ret);
}

/** The exact rakeback of the groups: Σ stake × edge (ppm) × rate (bp), RAKEBACK_SCALE per cent. */
function scaledRakeback(groups: readonly RakebackGroup[]): bigint {
  let scaled = 0n;
  for (const g of groups) scaled += BigInt(g.staked) * BigInt(betEdgePpm(g.game, g.param)) * BigInt(g.rakebackBp);
  return scaled;
}

async function claimedOf(db: Db | Trx, userId: number, lock: boolean): Promise<number> {
  let q = vip(db).selectFrom('vip_players').select('rakeback_claimed').where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return Number(row?.rakeback_claimed ?? 0);
}

export interface RakebackState {
  /** Cents earned since the account opened, claimed so far, and claimable now. */
  earned: number;
  claimed: number;
  claimable: number;
}

async function rakebackState(db: Db | Trx, userId: number, now: Date, lock = false): Promise<RakebackState> {
  const claimed = await claimedOf(db, userId, lock);
  const earned = await rakebackEarned(db, userId, now);
  return { earned, claimed, claimable: Math.max(0, earned - claimed) };
}

/** The ranks reached (by the player's level now) whose rank-up bonus is not paid yet, with what each pays now (cents). */
async function rankBonusesDue(db: Db | Trx, userId: number, level: number, rates: Record<VipTier, VipRates>): Promise<{ tier: VipTier; amount: number }[]> {
  const paid = await vip(db).selectFrom('vip_rank_bonuses').select('tier').where('user_id', '=', userId).execute();
  const paidTiers = new Set(paid.map((p) => p.tier));
  return VIP_RANKS.filter((r) => r.minLevel <= level && !paidTiers.has(r.tier) && rates[r.tier].rankBonus > 0).map((r) => ({ tier: r.tier, amount: rates[r.tier].rankBonus }));
}

async function freeBoxLevels(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('boxes').select('free_level').where('free_level', 'is not', null).execute();
  return rows.map((r) => Number(r.free_level));
}

async function playerLevel(db: Db | Trx, userId: number): Promise<ReturnType<typeof levelOf>> {
  const user = await db.selectFrom('users').select('wagered').where('id', '=', userId).executeTakeFirstOrThrow();
  return levelOf(Number(user.wagered));
}

/** The published table: every rank with its first level and benefits (rates now). */
export async function vipTiers(db: Db) {
  const [rates, freeLevels] = await Promise.all([currentVipRates(db), freeBoxLevels(db)]);
  return VIP_RANKS.map((r) => {
    const above = nextRank(r.tier);
    return {
      tier: r.tier,
      name: r.name,
      min_level: r.minLevel,
      rakeback_percent: rates[r.tier].rakebackBp / 100,
      rank_bonus: rates[r.tier].rankBonus / 100,
      cashback_percent: rankCashbackRate(r),
      free_boxes: freeLevels.filter((l) => above === null || l < above.minLevel).length,
    };
  });
}

/**
 * A player's VIP page: the table, their level and rank, the next rank (with what is left to wager,
 * unless they are on a break or a loss limit is reached: no nudge then), their rakeback and the
 * rank-up bonuses they may claim (none on a break). `paused`: on a break, nothing is offered or paid.
 */
export async function vipState(db: Db, userId: number, now: Date) {
  const [tiers, level, restrictions, rakeback, rates] = await Promise.all([vipTiers(db), playerLevel(db, userId), rewardRestrictions(db, userId, now), rakebackState(db, userId, now), currentVipRates(db)]);
  const rank = rankOfLevel(level.level);
  const next = nextRank(rank.tier);
  const nudge = !restrictions.onBreak && !restrictions.lossLimitReached;
  const due = restrictions.onBreak ? [] : await rankBonusesDue(db, userId, level.level, rates);
  return {
    tiers,
    level: level.level,
    xp: level.value / 100,
    rank: { tier: rank.tier, name: rank.name },
    next: next === null ? null : { tier: next.tier, name: next.name, min_level: next.minLevel, wager_left: nudge ? Math.max(0, rankStartXp(next) - level.value) / 100 : null },
    rakeback: { percent: rates[rank.tier].rakebackBp / 100, earned: rakeback.earned / 100, claimed: rakeback.claimed / 100, claimable: rakeback.claimable / 100 },
    rank_bonuses: due.map((d) => ({ tier: d.tier, name: VIP_RANKS.find((r) => r.tier === d.tier)!.name, amount: d.amount / 100 })),
    paused: restrictions.onBreak,
  };
}

const BREAK_REFUSAL = 'VIP rewards are paused during your break.';

async function refuseOnBreak(db: Db | Trx, userId: number, now: Date): Promise<void> {
  if ((await rewardRestrictions(db, userId, now)).onBreak) throw msgError(422, BREAK_REFUSAL);
}

/**
 * Pays the player's claimable rakeback as cash (`vip_rakeback`), once: the vip_players row is locked
 * first, so a parallel claim waits and then finds nothing left. Answers the amount, the balance and
 * the rakeback after the claim (cents).
 */
export async function claimRakeback(wallet: Wallet, userId: number, now: Date): Promise<{ amount: number; balance: number; after: RakebackState }> {
  return wallet.transaction(async (tx) => {
    await refuseOnBreak(tx.trx, userId, now);
    await vip(tx.trx).insertInto('vip_players').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const state = await rakebackState(tx.trx, userId, now, true);
    if (state.claimable <= 0) throw msgError(422, 'No rakeback to claim yet');
    const claimed = state.claimed + state.claimable;
    await vip(tx.trx).updateTable('vip_players').set({ rakeback_claimed: claimed, claimed_at: now }).where('user_id', '=', userId).execute();
    const balance = await tx.credit({ userId, amount: state.claimable, reason: 'vip_rakeback', reference: `vip_rakeback:${userId}:${claimed}` });
    return { amount: state.claimable, balance, after: { earned: state.earned, claimed, claimable: 0 } };
  });
}

/** A rank-up bonus is bonus money to wager once within this many days (docs/vip.md). */
export const RANK_BONUS_TERMS = { multiple: 1, base: 'bonus', days: 30, maxBet: null, weights: null } as const;

/**
 * Pays the rank-up bonuses of every rank the player has reached and not been paid for, each as a
 * bonus grant (`vip_rank_bonus`, server/bonuses), once per rank: the row's primary key lets one
 * insert through however many claims race or however often the server restarts.
 */
export async function claimRankBonuses(wallet: Wallet, userId: number, now: Date): Promise<{ amount: number; balance: number; tiers: VipTier[] }> {
  return wallet.transaction(async (tx) => {
    await refuseOnBreak(tx.trx, userId, now);
    const level = await playerLevel(tx.trx, userId);
    const due = await rankBonusesDue(tx.trx, userId, level.level, await currentVipRates(tx.trx));
    let amount = 0;
    const tiers: VipTier[] = [];
    for (const d of due) {
      const inserted = await vip(tx.trx).insertInto('vip_rank_bonuses').values({ user_id: userId, tier: d.tier, amount: d.amount }).onConflict((oc) => oc.doNothing()).returning('tier').executeTakeFirst();
      if (!inserted) continue;
      await grantBonus(tx, { userId, amount: d.amount, deposit: 0, source: 'vip_rank', reference: `vip_rank:${userId}:${d.tier}`, promoCodeId: null, terms: RANK_BONUS_TERMS });
      amount += d.amount;
      tiers.push(d.tier);
    }
    if (tiers.length === 0) throw msgError(422, 'No rank-up bonus to claim');
    return { amount, balance: await tx.balance(userId), tiers };
  });
}

/** The console's rates of a rank, as it sends them (percent of the edge, coins). */
export interface VipRatesInput {
  rakeback_percent: number;
  rank_bonus: number;
}

/**
 * Sets a rank's rates from now on (a new vip_rates row: bets settled before keep their price), with
 * the audit row in the same transaction. Refused per field outside VIP_RATE_BOUNDS.
 */
export async function setVipRates(db: Db, actor: Actor, tier: VipTier, input: VipRatesInput): Promise<{ before: VipRates; after: VipRates }> {
  const after: VipRates = { rakebackBp: Math.round(input.rakeback_percent * 100), rankBonus: Math.round(input.rank_bonus * 100) };
  const problems: Record<string, string[]> = {};
  if (after.rakebackBp < VIP_RATE_BOUNDS.rakebackBp.min || after.rakebackBp > VIP_RATE_BOUNDS.rakebackBp.max) problems.rakeback_percent = [`The rakeback must be between 0 and ${VIP_RATE_BOUNDS.rakebackBp.max / 100} % of the house edge.`];
  if (after.rankBonus < VIP_RATE_BOUNDS.rankBonus.min || after.rankBonus > VIP_RATE_BOUNDS.rankBonus.max) problems.rank_bonus = [`The rank-up bonus must be between 0 and ${VIP_RATE_BOUNDS.rankBonus.max / 100} coins.`];
  if (!VIP_TIERS.includes(tier)) problems.tier = ['Unknown rank.'];
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return db.transaction().execute(async (trx) => {
    // One change at a time per rank: the newest row, locked.
    await sql`select 1 from vip_rates where tier = ${tier} for update`.execute(trx);
    const before = (await currentVipRates(trx))[tier];
    await vip(trx).insertInto('vip_rates').values({ tier, rakeback_bp: after.rakebackBp, rank_bonus: after.rankBonus, updated_by: actor.userId }).execute();
    await audit(trx, actor, { action: 'vip_rates.update', targetKind: 'vip_rates', targetId: tier, before, after });
    return { before, after };
  });
}
