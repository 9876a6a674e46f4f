import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, msgError, notFound } from '../http/errors.ts';
import { centsToCoins, coinsToCents } from '../../core/money/cents.ts';
import type { AdminGiftCode, AdminPromo, CodeState, GiftUpdate, PromoCreate, PromoRedemption, PromoUpdate } from '../../core/protocol/adminCodes.ts';
import { findPromo, type PromoRow } from './promoCodes.ts';
import { GAME_IDS, GAMES } from '../../core/games/catalog.ts';
import { mintCodes, type CodeKind } from './giftCodes.ts';

// The console's side of promo codes, gift codes and vouchers (docs/operator-console.md, "Codes"):
// lists with each code's state and redemptions, and the changes (create, limits, expiry, disable),
// each audited in its own transaction. Redeeming stays where it was (promoCodes.ts redeemPromo,
// giftCodes.ts redeemCode), which refuse what these functions close, with the texts they had.

export interface PageWindow {
  limit: number;
  offset: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function stateOf(c: { disabled_at: Date | null; expires_at: Date | null }, usedUp: boolean, now = Date.now()): CodeState {
  if (c.disabled_at !== null) return 'disabled';
  if (c.expires_at !== null && new Date(c.expires_at).getTime() <= now) return 'expired';
  return usedUp ? 'used_up' : 'active';
}

// --- promo codes ---

function promosMatching(db: Db, q: string | undefined) {
  let query = db.selectFrom('promo_codes as p');
  if (q) query = query.where(sql`lower(p.code)`, 'like', `${escapeLike(q.toLowerCase())}%`);
  return query;
}

export async function listPromos(db: Db, q: string | undefined, page: PageWindow): Promise<{ rows: AdminPromo[]; total: number }> {
  const { n } = await promosMatching(db, q).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await promosMatching(db, q)
    .selectAll('p')
    .select((eb) => eb.selectFrom('promo_redemptions as r').whereRef('r.promo_code_id', '=', 'p.id').select(sql<string>`coalesce(sum(r.bonus), 0)`.as('s')).as('bonus_paid'))
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(n), rows: rows.map((r) => toAdminPromo(r, Number(r.bonus_paid ?? 0))) };
}

/** A promo code's row as the console reads it (every column). */
type PromoTableRow = PromoRow & { created_at: Date };

const coinsOrNull = (cents: number | null) => (cents === null ? null : centsToCoins(Number(cents)));
const centsOrNull = (coins: number | null) => (coins === null ? null : coinsToCents(coins)!);

/** Every game's weight for a code's bonuses: the code's own, else the catalog's. */
const effectiveWeights = (own: Record<string, number> | null) => Object.fromEntries(GAME_IDS.map((g) => [g, own?.[g] ?? GAMES[g].bonusWeightPct]));

/** A code's wagering terms and budget, as the console shows them and the audit log keeps them. */
const bonusTerms = (r: PromoTableRow) => ({
  wagering_multiple: r.wagering_multiple,
  wagering_base: r.wagering_base,
  bonus_days: r.bonus_days,
  max_bet: coinsOrNull(r.max_bet),
  game_weights: effectiveWeights(r.game_weights),
  budget: coinsOrNull(r.budget),
  bonus_cap: coinsOrNull(r.bonus_cap),
});

function toAdminPromo(r: PromoTableRow, bonusPaidCents: number): AdminPromo {
  // Used up: every use taken, or its budget spent.
  const usedUp = (r.max_uses !== null && r.uses >= r.max_uses) || (r.budget !== null && Number(r.granted) >= Number(r.budget));
  return {
    id: Number(r.id),
    code: r.code,
    value: r.is_fixed_value ? centsToCoins(Number(r.value)) : Number(r.value),
    is_fixed_value: r.is_fixed_value,
    free_boxes: r.free_boxes,
    per_user_limit: r.per_user_limit,
    max_uses: r.max_uses,
    uses: r.uses,
    bonus_paid: centsToCoins(bonusPaidCents),
    expires_at: iso(r.expires_at),
    disabled_at: iso(r.disabled_at),
    state: stateOf(r, usedUp),
    created_at: new Date(r.created_at).toISOString(),
    ...bonusTerms(r),
    granted: centsToCoins(Number(r.granted)),
  };
}

/** What the audit log keeps of a promo code: its terms and limits. */
const promoTerms = (r: PromoTableRow) => ({ code: r.code, value: r.is_fixed_value ? centsToCoins(Number(r.value)) : Number(r.value), is_fixed_value: r.is_fixed_value, free_boxes: r.free_boxes, per_user_limit: r.per_user_limit, max_uses: r.max_uses, expires_at: iso(r.expires_at), disabled_at: iso(r.disabled_at), ...bonusTerms(r) });

export async function createPromo(db: Db, actor: Actor, input: PromoCreate): Promise<AdminPromo> {
  return db.transaction().execute(async (trx) => {
    // The unique index on lower(code) decides a race; this check gives the clear message.
    if (await findPromo(trx, input.code)) throw fieldError('code', 'A promo code with this name exists already.');
    const row = await trx
      .insertInto('promo_codes')
      .values({
        code: input.code,
        value: input.is_fixed_value ? coinsToCents(input.value)! : input.value,
        is_fixed_value: input.is_fixed_value,
        free_boxes: input.free_boxes,
        per_user_limit: input.per_user_limit,
        max_uses: input.max_uses,
        expires_at: input.expires_at === null ? null : new Date(input.expires_at),
        wagering_multiple: input.wagering_multiple,
        wagering_base: input.wagering_base,
        bonus_days: input.bonus_days,
        max_bet: centsOrNull(input.max_bet),
        game_weights: input.game_weights === null ? null : JSON.stringify(input.game_weights),
        budget: centsOrNull(input.budget),
        bonus_cap: centsOrNull(input.bonus_cap),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, { action: 'promo_code.create', targetKind: 'promo_code', targetId: row.id, after: promoTerms(row) });
    return toAdminPromo(row, 0);
  });
}

function promoAction(change: PromoUpdate): string {
  if (change.disabled === true) return 'promo_code.disable';
  if (change.disabled === false) return 'promo_code.enable';
  return 'promo_code.update';
}

/** Changes limits, expiry or the disabled flag; the cap can not go under the uses so far. */
export async function updatePromo(db: Db, actor: Actor, id: number, change: PromoUpdate): Promise<AdminPromo> {
  return db.transaction().execute(async (trx) => {
    // The row lock orders this change with redemptions (redeemPromo's conditional increment).
    const before = await trx.selectFrom('promo_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Promo code not found.');
    if (change.max_uses !== undefined && change.max_uses !== null && change.max_uses < before.uses) {
      throw fieldError('max_uses', `The code has been used ${before.uses} times: the maximum can not be lower.`);
    }
    if (change.budget !== undefined && change.budget !== null && coinsToCents(change.budget)! < Number(before.granted)) {
      throw fieldError('budget', `The code has granted ${centsToCoins(Number(before.granted)).toFixed(2)} coins: the budget can not be lower.`);
    }
    const after = await trx
      .updateTable('promo_codes')
      .set({
        ...(change.per_user_limit !== undefined && { per_user_limit: change.per_user_limit }),
        ...(change.max_uses !== undefined && { max_uses: change.max_uses }),
        ...(change.expires_at !== undefined && { expires_at: change.expires_at === null ? null : new Date(change.expires_at) }),
        ...(change.disabled !== undefined && { disabled_at: change.disabled ? (before.disabled_at ?? new Date()) : null }),
        ...(change.budget !== undefined && { budget: centsOrNull(change.budget) }),
        ...(change.bonus_cap !== undefined && { bonus_cap: centsOrNull(change.bonus_cap) }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, { action: promoAction(change), targetKind: 'promo_code', targetId: id, before: promoTerms(before), after: promoTerms(after) });
    const { s } = await trx.selectFrom('promo_redemptions').select(sql<string>`coalesce(sum(bonus), 0)`.as('s')).where('promo_code_id', '=', id).executeTakeFirstOrThrow();
    return toAdminPromo(after, Number(s));
  });
}

/** The code's redemptions, newest first: who, when, on which deposit, for how much bonus. */
export async function listPromoRedemptions(db: Db, promoId: number, page: PageWindow): Promise<{ rows: PromoRedemption[]; total: number }> {
  if (!(await db.selectFrom('promo_codes').select('id').where('id', '=', promoId).executeTakeFirst())) throw notFound('Promo code not found.');
  const { n } = await db.selectFrom('promo_redemptions').select((eb) => eb.fn.countAll<string>().as('n')).where('promo_code_id', '=', promoId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('promo_redemptions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('invoices as i', 'i.id', 'r.invoice_id')
    .select(['r.id', 'r.user_id', 'u.name', 'u.email', 'r.invoice_id', 'i.amount', 'r.bonus', 'r.created_at'])
    .where('r.promo_code_id', '=', promoId)
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id), name: r.name, email: r.email, invoice_id: Number(r.invoice_id), deposit: centsToCoins(Number(r.amount)), bonus: centsToCoins(Number(r.bonus)), created_at: new Date(r.created_at).toISOString() })),
  };
}

// --- gift codes and vouchers ---

export interface GiftFilter {
  kind?: CodeKind;
  state?: CodeState;
  q?: string;
}

function giftsMatching(db: Db, f: GiftFilter) {
  let query = db.selectFrom('gift_codes as g').leftJoin('users as u', 'u.id', 'g.redeemed_by');
  if (f.kind) query = query.where('g.kind', '=', f.kind);
  if (f.q) query = query.where('g.code', 'like', `${escapeLike(f.q.toUpperCase())}%`);
  // The same order of precedence as stateOf: disabled, then expired, then used.
  if (f.state === 'disabled') query = query.where('g.disabled_at', 'is not', null);
  const notExpired = sql<boolean>`(g.expires_at is null or g.expires_at > now())`;
  if (f.state === 'expired') query = query.where('g.disabled_at', 'is', null).where(sql<boolean>`not ${notExpired}`);
  if (f.state === 'used_up') query = query.where('g.disabled_at', 'is', null).where(notExpired).where('g.redeemed_by', 'is not', null);
  if (f.state === 'active') query = query.where('g.disabled_at', 'is', null).where(notExpired).where('g.redeemed_by', 'is', null);
  return query;
}

export async function listGiftCodes(db: Db, f: GiftFilter, page: PageWindow): Promise<{ rows: AdminGiftCode[]; total: number }> {
  const { n } = await giftsMatching(db, f).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await giftsMatching(db, f)
    .select(['g.id', 'g.kind', 'g.code', 'g.value', 'g.expires_at', 'g.disabled_at', 'g.redeemed_by', 'g.redeemed_at', 'g.created_at', 'u.name', 'u.email'])
    .orderBy('g.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      code: r.code,
      value: centsToCoins(Number(r.value)),
      expires_at: iso(r.expires_at),
      disabled_at: iso(r.disabled_at),
      state: stateOf(r, r.redeemed_by !== null),
      redeemed_by: r.redeemed_by === null ? null : { user_id: Number(r.redeemed_by), name: r.name ?? '', email: r.email ?? '' },
      redeemed_at: iso(r.redeemed_at),
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Mints `count` codes in one transaction with one audit row listing them. */
export async function mintGiftCodes(db: Db, actor: Actor, input: { kind: CodeKind; valueCents: number; count: number; expiresAt: Date | null }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const codes = await mintCodes(trx, input.kind, input.valueCents, input.count, input.expiresAt);
    await audit(trx, actor, { action: `${input.kind === 'gift' ? 'gift_code' : 'voucher'}.mint`, targetKind: 'gift_code', targetId: null, after: { kind: input.kind, value: centsToCoins(input.valueCents), count: input.count, expires_at: iso(input.expiresAt), codes } });
    return codes;
  });
}

/** Disables, enables or re-dates an unused code; a redeemed one has nothing left to change. */
export async function updateGiftCode(db: Db, actor: Actor, id: number, change: GiftUpdate): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('gift_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Code not found.');
    if (before.redeemed_by !== null) throw msgError(422, 'This code has been redeemed already: there is nothing left to change.');
    const after = await trx
      .updateTable('gift_codes')
      .set({
        ...(change.expires_at !== undefined && { expires_at: change.expires_at === null ? null : new Date(change.expires_at) }),
        ...(change.disabled !== undefined && { disabled_at: change.disabled ? (before.disabled_at ?? new Date()) : null }),
      })
      .where('id', '=', id)
      .where('redeemed_by', 'is', null)
      .returningAll()
      .executeTakeFirstOrThrow();
    const terms = (r: typeof before) => ({ code: r.code, kind: r.kind, value: centsToCoins(Number(r.value)), expires_at: iso(r.expires_at), disabled_at: iso(r.disabled_at) });
    const verb = change.disabled === true ? 'disable' : change.disabled === false ? 'enable' : 'update';
    await audit(trx, actor, { action: `gift_code.${verb}`, targetKind: 'gift_code', targetId: id, before: terms(before), after: terms(after) });
  });
}

/** Finds a code by its text for the ops command. */
export async function giftCodeId(db: Db, code: string): Promise<number | null> {
  const row = await db.selectFrom('gift_codes').select('id').where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  return row ? Number(row.id) : null;
}

