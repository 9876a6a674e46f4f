import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Trx, Wallet } from '../wallet/wallet.ts';
import type { Config } from '../config.ts';
import { centsToCoins, formatCents } from '../../core/money/cents.ts';
import {
  COMMISSION_UNITS_PER_CENT,
  HOUSE_EDGE_BP,
  REFERRAL_CODE_PATTERN,
  REFERRAL_MIN_CLAIM_CENTS,
  REFERRAL_SHARE_BP,
  maskName,
  type ReferralInfo,
} from '../../core/protocol/referral.ts';
import { fieldError, msgError } from '../http/errors.ts';

// The affiliate programme (docs/community.md): codes, binding a referred player once, the
// commission accrual job and the claim. Commissions come from the bets journal after the fact (an
// idempotent job keyed by the journal's row, migration 1118), so no game's settlement path changes.

export const REFERRAL_MSG = {
  unknown: (code: string) => `The referral code "${code}" does not exist; you signed up without a referrer.`,
  self: 'You cannot use your own referral code.',
  circle: 'This referral code belongs to a player you referred; referrals cannot go in a circle.',
  already: 'Your account already has a referrer.',
  codeTaken: 'The code has already been taken.',
  codeChanged: 'Your referral code has been updated.',
  claimed: (cents: number) => `${formatCents(cents)} coins of referral earnings were added to your balance.`,
  belowMinimum: `You need at least ${formatCents(REFERRAL_MIN_CLAIM_CENTS)} coins of earnings to claim.`,
} as const;

function randomCode(): string {
  return randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x').slice(0, 8);
}

/** The player's referrer row, made with a random code the first time. */
export async function ensureReferrer(db: Db, userId: number): Promise<{ code: string; claimed: number }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db.selectFrom('referrers').select(['code', 'claimed']).where('user_id', '=', userId).executeTakeFirst();
    if (row) return row;
    await db
      .insertInto('referrers')
      .values({ user_id: userId, code: randomCode() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error(`could not make a referral code for user ${userId}`);
}

export async function changeReferralCode(db: Db, userId: number, code: string): Promise<string> {
  if (!REFERRAL_CODE_PATTERN.test(code)) throw new Error('unchecked referral code');
  await ensureReferrer(db, userId);
  const taken = await db.selectFrom('referrers').select('user_id').where('code', '=', code).executeTakeFirst();
  if (taken && taken.user_id !== userId) throw fieldError('code', REFERRAL_MSG.codeTaken);
  try {
    // Earlier referrals keep their referrer: they are bound to the player, not to the code.
    await db.updateTable('referrers').set({ code }).where('user_id', '=', userId).execute();
  } catch (error) {
    const again = await db.selectFrom('referrers').select('user_id').where('code', '=', code).executeTakeFirst();
    if (again && again.user_id !== userId) throw fieldError('code', REFERRAL_MSG.codeTaken);
    throw error;
  }
  return code;
}

export type BindResult = { bound: true; referrerId: number } | { bound: false; msg: string };

/**
 * Binds `referredId` to the owner of `rawCode`, once. Refuses an unknown code, the player's own
 * code, and a code whose owner is already below the player (a circle).
 */
export async function bindReferral(db: Db | Trx, referredId: number, rawCode: string): Promise<BindResult> {
  const code = rawCode.trim().toLowerCase();
  const owner = REFERRAL_CODE_PATTERN.test(code) ? await db.selectFrom('referrers').select('user_id').where('code', '=', code).executeTakeFirst() : undefined;
  if (!owner) return { bound: false, msg: REFERRAL_MSG.unknown(rawCode.trim().slice(0, 40)) };
  const referrerId = owner.user_id;
  if (referrerId === referredId) return { bound: false, msg: REFERRAL_MSG.self };
  const { rows } = await sql<{ found: number }>`
    with recursive upline(id, depth) as (
      select referrer_id, 1 from referrals where referred_id = ${referrerId}
      union all
      select r.referrer_id, u.depth + 1 from referrals r join upline u on r.referred_id = u.id where u.depth < 1000
    )
    select 1 as found from upline where id = ${referredId} limit 1`.execute(db);
  if (rows.length) return { bound: false, msg: REFERRAL_MSG.circle };
  const inserted = await db
    .insertInto('referrals')
    .values({ referred_id: referredId, referrer_id: referrerId, code })
    .onConflict((oc) => oc.column('referred_id').doNothing())
    .returning('referrer_id')
    .executeTakeFirst();
  if (!inserted) return { bound: false, msg: REFERRAL_MSG.already };
  return { bound: true, referrerId };
}

const insertCommission = sql`insert into referral_commissions (source, source_id, referrer_id, referred_id, game, stake, edge_bp, units, settled_at)`;
const edgeTable = sql.join(Object.entries(HOUSE_EDGE_BP).map(([game, bp]) => sql`(${game}::text, ${bp}::integer)`));

/**
 * The accrual job: one commission row per settled journal bet (server/history/play.ts; refunded and
 * voided bets are no bets) of a referred player placed after the referral, in a game that pays
 * commission (HOUSE_EDGE_BP), for every referrer or only `referrerId`. Safe to run any number of
 * times, on any node, concurrently: the bet's key decides, and a row once written never changes.
 */
export async function accrueCommissions(db: Db | Trx, referrerId?: number): Promise<number> {
  const only = referrerId === undefined ? sql`` : sql`and r.referrer_id = ${referrerId}`;
  const share = REFERRAL_SHARE_BP;
  const written = await sql`
    ${insertCommission}
    select 'bet', b.id, r.referrer_id, r.referred_id, b.game, b.stake, e.bp, b.stake * e.bp * ${share}, b.settled_at
    from referrals r
    join bets b on b.user_id = r.referred_id and b.placed_at >= r.created_at
    join (values ${edgeTable}) as e(game, bp) on e.game = b.game
    where b.status = 'settled' and b.stake > 0 ${only}
    on conflict do nothing`.execute(db);
  return Number(written.numAffectedRows ?? 0);
}

/** Earned cents: the exact sum of the commissions, rounded down to a cent once. */
async function earnedCents(db: Db | Trx, referrerId: number): Promise<number> {
  const { rows } = await sql<{ cents: string | number }>`
    select coalesce(sum(units), 0) / ${COMMISSION_UNITS_PER_CENT} as cents from referral_commissions where referrer_id = ${referrerId}`.execute(db);
  return Math.floor(Number(rows[0]?.cents ?? 0));
}

export async function referralInfo(deps: { db: Db; config: Pick<Config, 'publicUrl'> }, userId: number): Promise<ReferralInfo> {
  const { db, config } = deps;
  const me = await ensureReferrer(db, userId);
  await accrueCommissions(db, userId);
  const earned = await earnedCents(db, userId);
  const players = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referred_id')
    .leftJoin('referral_commissions as c', 'c.referred_id', 'r.referred_id')
    .where('r.referrer_id', '=', userId)
    .groupBy(['r.referred_id', 'u.name', 'r.created_at'])
    .select((eb) => [
      'u.name',
      'r.created_at',
      eb.fn.coalesce(eb.fn.sum<string>('c.stake'), sql<string>`0`).as('wagered'),
      eb.fn.coalesce(eb.fn.sum<string>('c.units'), sql<string>`0`).as('units'),
      eb.fn.count<string>('c.source_id').as('bets'),
    ])
    .orderBy('r.created_at', 'desc')
    .execute();
  const { rows: days } = await sql<{ day: string; units: string }>`
    select to_char(date_trunc('day', settled_at), 'YYYY-MM-DD') as day, sum(units) as units
    from referral_commissions where referrer_id = ${userId} and settled_at > now() - interval '30 days'
    group by 1 order by 1`.execute(db);
  const toCents = (units: string | number) => Math.floor(Number(units) / COMMISSION_UNITS_PER_CENT);
  return {
    code: me.code,
    link: `${config.publicUrl}/ref/${me.code}`,
    referred: players.length,
    active: players.filter((p) => Number(p.bets) > 0).length,
    wagered: centsToCoins(players.reduce((sum, p) => sum + Number(p.wagered), 0)),
    earnings: centsToCoins(earned - Number(me.claimed)),
    claimed: centsToCoins(Number(me.claimed)),
    rate: REFERRAL_SHARE_BP / 100,
    min_claim: centsToCoins(REFERRAL_MIN_CLAIM_CENTS),
    players: players.map((p) => ({ name: maskName(p.name), joined_at: new Date(p.created_at).toISOString(), wagered: centsToCoins(Number(p.wagered)), commission: centsToCoins(toCents(p.units)) })),
    history: days.map((d) => ({ date: d.day, amount: centsToCoins(toCents(d.units)) })),
  };
}

/**
 * Pays the unclaimed earnings into the balance. The referrer row is locked for the whole
 * transaction, so parallel claims queue and every later one finds nothing left to pay.
 */
export async function claimEarnings(deps: { db: Db; wallet: Wallet }, userId: number): Promise<{ amount: number; balance: number }> {
  const { db, wallet } = deps;
  await ensureReferrer(db, userId);
  await accrueCommissions(db, userId);
  return wallet.transaction(async (tx) => {
    const row = await tx.trx.selectFrom('referrers').select('claimed').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const claimable = (await earnedCents(tx.trx, userId)) - Number(row.claimed);
    if (claimable < REFERRAL_MIN_CLAIM_CENTS) throw msgError(422, REFERRAL_MSG.belowMinimum);
    await tx.trx.updateTable('referrers').set({ claimed: sql`claimed + ${claimable}` }).where('user_id', '=', userId).execute();
    const balance = await tx.credit({ userId, amount: claimable, reason: 'referral_earnings', reference: `referrer:${userId}` });
    return { amount: claimable, balance };
  });
}
