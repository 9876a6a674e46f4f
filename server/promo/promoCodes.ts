import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Trx } from '../wallet/wallet.ts';
import { msgError } from '../http/errors.ts';
import { promoBonusCents, type Promocode } from '../../core/protocol/deposit.ts';
import { centsToCoins } from '../../core/money/cents.ts';
import type { BonusTerms } from '../bonuses/grants.ts';
import { bonusRefusal } from '../bonuses/eligibility.ts';
import { codeRefusal } from '../risk/rules.ts';

// Promo codes add a bonus to the deposit they are applied to. Validation (the validate call and the
// redirect) only reads; the code is consumed when the deposit is credited, inside the crediting
// transaction: a conditional increment of `uses` under the cap (which also locks the code's row,
// so the per-user count that follows sees every committed redemption of that code).

export const PROMO_INVALID = 'Promo code is invalid or expired';
export const PROMO_USED = 'You have already used this promo code';

export interface PromoRow {
  id: number;
  code: string;
  value: number;
  is_fixed_value: boolean;
  free_boxes: number;
  per_user_limit: number;
  max_uses: number | null;
  uses: number;
  expires_at: Date | null;
  disabled_at: Date | null;
  wagering_multiple: number;
  wagering_base: 'bonus' | 'bonus_deposit';
  bonus_days: number;
  max_bet: number | null;
  game_weights: Record<string, number> | null;
  budget: number | null;
  bonus_cap: number | null;
  granted: number;
}

const PROMO_COLUMNS = ['id', 'code', 'value', 'is_fixed_value', 'free_boxes', 'per_user_limit', 'max_uses', 'uses', 'expires_at', 'disabled_at', 'wagering_multiple', 'wagering_base', 'bonus_days', 'max_bet', 'game_weights', 'budget', 'bonus_cap', 'granted'] as const;

/** Disabled, expired, used up or its budget spent: refused to everyone with PROMO_INVALID (the console's states too). */
export function promoClosed(promo: Pick<PromoRow, 'disabled_at' | 'expires_at' | 'max_uses' | 'uses'> & Partial<Pick<PromoRow, 'budget' | 'granted'>>, now = Date.now()): boolean {
  const spent = promo.budget !== null && promo.budget !== undefined && Number(promo.granted ?? 0) >= Number(promo.budget);
  return promo.disabled_at !== null || (promo.expires_at !== null && promo.expires_at.getTime() <= now) || (promo.max_uses !== null && promo.uses >= promo.max_uses) || spent;
}

export function toPromocode(row: PromoRow): Promocode {
  // Fixed bonuses are stored in cents and shown as coins; percentages as they are.
  return { code: row.code, value: row.is_fixed_value ? centsToCoins(row.value) : row.value, is_fixed_value: row.is_fixed_value };
}

/** The wagering terms a bonus from this code carries (docs/bonuses.md). */
export function bonusTermsOf(row: Pick<PromoRow, 'wagering_multiple' | 'wagering_base' | 'bonus_days' | 'max_bet' | 'game_weights'>): BonusTerms {
  return { multiple: row.wagering_multiple, base: row.wagering_base, days: row.bonus_days, maxBet: row.max_bet === null ? null : Number(row.max_bet), weights: row.game_weights };
}

export async function findPromo(db: Db | Trx, code: string): Promise<PromoRow | undefined> {
  return db
    .selectFrom('promo_codes')
    .select(PROMO_COLUMNS)
    .where(sql`lower(code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
}

async function redemptionsOf(db: Db | Trx, promoId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('promo_redemptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promo_code_id', '=', promoId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether the player may use the code now: the code, or the refusal the player would get. The one
 * rule of a code's use before a deposit: validation throws it, the cashier's offers read it.
 */
export async function promoUse(db: Db, code: string, userId: number): Promise<{ promo: PromoRow; refusal: null } | { promo: null; refusal: string }> {
  const promo = await findPromo(db, code);
  if (!promo || promoClosed(promo)) return { promo: null, refusal: PROMO_INVALID };
  if ((await redemptionsOf(db, promo.id, userId)) >= promo.per_user_limit) return { promo: null, refusal: PROMO_USED };
  // A break, a bonus still active (server/bonuses/eligibility.ts); the code used by a linked account (server/risk/rules.ts).
  const refusal = (await bonusRefusal(db, userId)) ?? (await codeRefusal(db, promo.id, userId));
  return refusal ? { promo: null, refusal } : { promo, refusal: null };
}

/** Throws the 422 the client toasts unless the player may use the code now. */
export async function validatePromo(db: Db, code: string, userId: number): Promise<PromoRow> {
  const use = await promoUse(db, code, userId);
  if (use.refusal !== null) throw msgError(422, use.refusal);
  return use.promo;
}

/**
 * Consumes one use of the code for this deposit inside the crediting transaction; returns the
 * bonus in cents, or 0 when the code can no longer be used (cap reached, per-user limit, expired
 * or disabled meanwhile): the deposit itself is still credited.
 */
export async function redeemPromo(trx: Trx, promoId: number, userId: number, invoiceId: number, amountCents: number): Promise<{ bonus: number; freeBoxes: number; code: string; terms: BonusTerms } | null> {
  const promo = await trx
    .updateTable('promo_codes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('budget', 'is', null), eb('granted', '<', eb.ref('budget'))]))
    .returning(PROMO_COLUMNS)
    .executeTakeFirst();
  if (!promo) return null;
  // This player's limit spent, or the player may not take a bonus now (a break, a bonus still
  // active, the risk rules): the use is given back (the row stays locked by us until commit).
  if ((await redemptionsOf(trx, promo.id, userId)) >= promo.per_user_limit || (await bonusRefusal(trx, userId)) !== null || (await codeRefusal(trx, promo.id, userId)) !== null) {
    await trx.updateTable('promo_codes').set({ uses: sql`uses - 1` }).where('id', '=', promo.id).execute();
    return null;
  }
  // Within the code's cap per bonus and what is left of its budget (docs/bonuses.md).
  const left = promo.budget === null ? Infinity : Number(promo.budget) - Number(promo.granted);
  const bonus = Math.min(promoBonusCents(toPromocode(promo), amountCents), promo.bonus_cap === null ? Infinity : Number(promo.bonus_cap), left);
  if (bonus > 0) await trx.updateTable('promo_codes').set({ granted: sql`granted + ${bonus}` }).where('id', '=', promo.id).execute();
  await trx.insertInto('promo_redemptions').values({ promo_code_id: promo.id, user_id: userId, invoice_id: invoiceId, bonus }).execute();
  if (promo.free_boxes > 0) {
    const rows = Array.from({ length: promo.free_boxes }, () => ({ user_id: userId, kind: 'free_box', source: `promo:${promo.code}`, reference: `invoice:${invoiceId}` }));
    await trx.insertInto('entitlements').values(rows).execute();
  }
  return { bonus, freeBoxes: promo.free_boxes, code: promo.code, terms: bonusTermsOf(promo) };
}

export interface NewPromo {
  code: string;
  value: number;
  isFixedValue?: boolean;
  freeBoxes?: number;
  perUserLimit?: number;
  maxUses?: number | null;
  expiresAt?: Date | null;
  /** Wagering terms (docs/bonuses.md); the table's defaults when left out. */
  wageringMultiple?: number;
  wageringBase?: 'bonus' | 'bonus_deposit';
  bonusDays?: number;
  maxBet?: number | null;
  /** Percent per game id overriding the catalog's weights. */
  gameWeights?: Record<string, number> | null;
  /** Cents its bonuses may add up to, and the most one bonus may be (null: none). */
  budget?: number | null;
  bonusCap?: number | null;
}

/** Creates a code unless one with that name exists (seed, ops, tests). */
export async function ensurePromo(db: Db, p: NewPromo): Promise<void> {
  if (await findPromo(db, p.code)) return;
  await db
    .insertInto('promo_codes')
    .values({
      code: p.code,
      value: p.value,
      is_fixed_value: p.isFixedValue ?? false,
      free_boxes: p.freeBoxes ?? 0,
      per_user_limit: p.perUserLimit ?? 1,
      max_uses: p.maxUses ?? null,
      expires_at: p.expiresAt ?? null,
      ...(p.wageringMultiple !== undefined && { wagering_multiple: p.wageringMultiple }),
      ...(p.wageringBase !== undefined && { wagering_base: p.wageringBase }),
      ...(p.bonusDays !== undefined && { bonus_days: p.bonusDays }),
      ...(p.maxBet !== undefined && { max_bet: p.maxBet }),
      ...(p.gameWeights !== undefined && { game_weights: p.gameWeights === null ? null : JSON.stringify(p.gameWeights) }),
      ...(p.budget !== undefined && { budget: p.budget }),
      ...(p.bonusCap !== undefined && { bonus_cap: p.bonusCap }),
    })
    .execute();
}
