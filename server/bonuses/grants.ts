import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { Db } from '../db/database.ts';
import { fieldError, msgError } from '../http/errors.ts';
import { bonusWeightedStake, isPlay } from '../history/play.ts';
import type { Trx, Wallet, WalletTx } from '../wallet/wallet.ts';
import type { BonusTables } from './schema.ts';
import type { Log } from '../log.ts';
import { repeatEvery } from '../repeat.ts';

// Bonus money with a wagering requirement (docs/bonuses.md). A grant is credited through the wallet
// with its `bonus_grants` row in the same transaction. Its progress is the sum of the player's
// weighted stakes in the bets journal between the grant and its expiry (server/history/play.ts), never a stored
// counter, so it cannot drift from what was played. While a grant is active its whole amount is
// locked: the withdrawable balance is the balance less the locked bonuses. A grant leaves `active`
// once, with the player's account row locked (every stake updates that row, so no bet commits
// between the sum and the decision): completed when its wager is met, forfeited at its expiry or at
// the player's request, the locked rest (never more than the balance) debited as `bonus_forfeit`.

const grants = (db: Db | Trx) => db.withTables<BonusTables>();

export interface BonusTerms {
  /** The requirement as a multiple of the base. */
  multiple: number;
  base: 'bonus' | 'bonus_deposit';
  days: number;
  /** Cents, or null. */
  maxBet: number | null;
  /** Percent per game id overriding the catalog's `bonusWeightPct` (null: the catalog's). */
  weights: Readonly<Record<string, number>> | null;
}

/** Cents of weighted stakes a bonus of `amount` on a deposit of `deposit` asks. */
export function requirementOf(terms: BonusTerms, amount: number, deposit: number): number {
  return terms.multiple * (terms.base === 'bonus_deposit' ? amount + deposit : amount);
}

/** A deposit's promo bonus is credited as it always was. */
const DEPOSIT_BONUS_REASON = 'deposit_bonus';
/**
 * The ledger reason of each source's credit: a deposit's promo bonus, a console credit marked as
 * bonus, a VIP rank-up bonus, a mission's reward, a rain's share, an invited player's welcome reward.
 */
const GRANT_REASONS = { promo: DEPOSIT_BONUS_REASON, console: 'bonus_credit', vip_rank: 'vip_rank_bonus', mission: 'mission_reward', rain: 'rain_share', referral: 'referral_welcome' } as const;

export interface NewGrant {
  userId: number;
  amount: number;
  deposit: number;
  source: keyof typeof GRANT_REASONS;
  reference: string;
  promoCodeId: number | null;
  terms: BonusTerms;
}

/**
 * Inside the crediting transaction: the bonus's credit and its grant row. A bonus asking no wager is
 * cash at once: its grant is written completed (it locks nothing and holds no other bonus back).
 * Answers the player's balance after the credit (cents).
 */
export async function grantBonus(tx: WalletTx, g: NewGrant): Promise<number> {
  const balance = await tx.credit({ userId: g.userId, amount: g.amount, reason: GRANT_REASONS[g.source], reference: g.reference });
  const requirement = requirementOf(g.terms, g.amount, g.deposit);
  await grants(tx.trx)
    .insertInto('bonus_grants')
    .values({
      user_id: g.userId,
      source: g.source,
      reference: g.reference,
      promo_code_id: g.promoCodeId,
      amount: g.amount,
      deposit: g.deposit,
      requirement,
      max_bet: g.terms.maxBet,
      game_weights: g.terms.weights === null ? null : JSON.stringify(g.terms.weights),
      expires_at: sql<Date>`now() + make_interval(days => ${g.terms.days})`,
      ...(requirement === 0 && { status: 'completed' as const, ended_at: sql<Date>`now()` }),
    })
    .execute();
  return balance;
}

export interface ActiveBonus {
  id: number;
  source: string;
  reference: string;
  amount: number;
  requirement: number;
  /** Cents of weighted stakes since the grant. */
  wagered: number;
  maxBet: number | null;
  grantedAt: Date;
  expiresAt: Date;
}

/** The progress of grant `g` (an alias of bonus_grants): its player's weighted stakes between its grant and its expiry, cents. */
const wageredOf = (g: string) => sql<string>`coalesce((select floor(sum(${bonusWeightedStake('b', sql.ref(`${g}.game_weights`))}) / 100) from bets b
  where b.user_id = ${sql.ref(`${g}.user_id`)} and b.placed_at >= ${sql.ref(`${g}.granted_at`)} and b.placed_at < ${sql.ref(`${g}.expires_at`)} and ${isPlay('b')}), 0)::bigint`;

/** The player's active grants, oldest first, each with its progress summed over the bets journal. */
export async function activeBonuses(db: Db | Trx, userId: number): Promise<ActiveBonus[]> {
  const { rows } = await sql<{ id: number; source: string; reference: string; amount: number; requirement: number; wagered: string; max_bet: number | null; granted_at: Date; expires_at: Date }>`
    select g.id, g.source, g.reference, g.amount, g.requirement, g.max_bet, g.granted_at, g.expires_at, ${wageredOf('g')} as wagered
    from bonus_grants g where g.user_id = ${userId} and g.status = 'active' order by g.id`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    source: r.source,
    reference: r.reference,
    amount: Number(r.amount),
    requirement: Number(r.requirement),
    wagered: Number(r.wagered),
    maxBet: r.max_bet === null ? null : Number(r.max_bet),
    grantedAt: new Date(r.granted_at),
    expiresAt: new Date(r.expires_at),
  }));
}

/** One grant's progress (cents of weighted stakes), summed over the bets journal. */
export async function grantWagered(db: Db | Trx, grantId: number): Promise<number> {
  const { rows } = await sql<{ wagered: string }>`select ${wageredOf('g')} as wagered from bonus_grants g where g.id = ${grantId}`.execute(db);
  return Number(rows[0]?.wagered ?? 0);
}

export interface BonusPosition {
  balance: number;
  /** Cents of bonus still locked. */
  locked: number;
  withdrawable: number;
  /** Cents of weighted stakes still asked, over every active grant. */
  leftToWager: number;
  active: ActiveBonus[];
}

export function positionOf(balance: number, active: ActiveBonus[]): BonusPosition {
  const locked = active.reduce((s, g) => s + g.amount, 0);
  const leftToWager = active.reduce((s, g) => s + Math.max(0, g.requirement - g.wagered), 0);
  return { balance, locked, withdrawable: Math.max(0, balance - locked), leftToWager, active };
}

async function forfeit(tx: WalletTx, userId: number, grant: ActiveBonus, now: Date): Promise<void> {
  const take = Math.min(grant.amount, await tx.lockedBalance(userId));
  const ended = await grants(tx.trx)
    .updateTable('bonus_grants')
    .set({ status: 'forfeited', ended_at: now, forfeited: take })
    .where('id', '=', grant.id)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  if (ended && take > 0) await tx.debit({ userId, amount: take, reason: 'bonus_forfeit', reference: `bonus:${grant.id}` });
}

/**
 * With the player's account locked (this takes the lock): completes every grant whose wager is met,
 * forfeits every one expired at `now`, and answers the position after that.
 */
export async function settleBonuses(tx: WalletTx, userId: number, now: Date): Promise<BonusPosition> {
  await tx.lockedBalance(userId);
  const still: ActiveBonus[] = [];
  for (const grant of await activeBonuses(tx.trx, userId)) {
    if (grant.wagered >= grant.requirement) {
      await grants(tx.trx).updateTable('bonus_grants').set({ status: 'completed', ended_at: now }).where('id', '=', grant.id).where('status', '=', 'active').execute();
    } else if (grant.expiresAt.getTime() <= now.getTime()) {
      await forfeit(tx, userId, grant, now);
    } else still.push(grant);
  }
  return positionOf(await tx.lockedBalance(userId), still);
}

/** The position as it stands, without changing anything (the wallet panel settles first; the console reads). */
export async function bonusPosition(db: Db, userId: number): Promise<BonusPosition> {
  const balance = await db.selectFrom('accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return positionOf(Number(balance?.balance ?? 0), await activeBonuses(db, userId));
}

const coins = (cents: number) => centsToCoins(Math.max(0, cents)).toFixed(2);

export function bonusLockedRefusal(position: BonusPosition) {
  return fieldError(
    'amount',
    `Bonus coins can be withdrawn once they have been wagered: wager ${coins(position.leftToWager)} more coins to release them. You can withdraw up to ${coins(position.withdrawable)} coins now.`,
  );
}

/**
 * Inside a crypto withdrawal's transaction: refuses taking `amount` cents beyond the withdrawable
 * balance while a bonus is locked. A withdrawal above the whole balance is left to the debit's own
 * refusal (insufficient balance).
 */
export async function assertWithdrawable(tx: WalletTx, userId: number, amount: number, now = new Date()): Promise<void> {
  const position = await settleBonuses(tx, userId, now);
  if (position.locked > 0 && amount <= position.balance && amount > position.withdrawable) throw bonusLockedRefusal(position);
}

/**
 * A shipment or a code reveal takes items out of the shop: while a bonus is locked, items worth more
 * than the withdrawable balance stay (the coins they were bought with may be the bonus).
 */
export async function assertItemsLeave(tx: WalletTx, userId: number, value: number, now = new Date()): Promise<void> {
  const position = await settleBonuses(tx, userId, now);
  if (position.locked > 0 && value > position.withdrawable) {
    throw msgError(422, `Items can leave once your bonus has been wagered: wager ${coins(position.leftToWager)} more coins, or send items worth up to ${coins(position.withdrawable)} coins now.`);
  }
}

/** A reversed deposit took its bonus back (deposit_reversal): its grant ends forfeited, with 0 of its own debited. */
export async function endReversedGrant(trx: Trx, reference: string): Promise<void> {
  await grants(trx).updateTable('bonus_grants').set({ status: 'forfeited', ended_at: sql<Date>`now()` }).where('reference', '=', reference).where('status', '=', 'active').execute();
}

/** The player gives a bonus up: its locked rest is debited now. False when it is not theirs or no longer active. */
export async function forfeitBonus(wallet: Wallet, userId: number, grantId: number, now = new Date()): Promise<boolean> {
  return wallet.transaction(async (tx) => {
    const position = await settleBonuses(tx, userId, now);
    const grant = position.active.find((g) => g.id === grantId);
    if (!grant) return false;
    await forfeit(tx, userId, grant, now);
    return true;
  });
}

/** Forfeits what has expired by `now`, one player per transaction; answers how many players it settled. */
export async function expireBonuses(deps: { db: Db; wallet: Wallet }, now = new Date(), batch = 200): Promise<number> {
  const due = await grants(deps.db)
    .selectFrom('bonus_grants')
    .select('user_id')
    .distinct()
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .limit(batch)
    .execute();
  for (const { user_id } of due) await deps.wallet.transaction((tx) => settleBonuses(tx, Number(user_id), now));
  return due.length;
}

/** How often each node forfeits expired bonuses (a grant ends by a conditional update, so nodes may overlap). */
export const BONUS_EXPIRY_MS = 60_000;

export function runBonusExpiry(deps: { db: Db; wallet: Wallet; log: Log }, intervalMs = BONUS_EXPIRY_MS): () => void {
  return repeatEvery(() => expireBonuses(deps), intervalMs, deps.log, 'bonus expiry');
}
