import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Clock } from '../clock.ts';
import type { Log } from '../log.ts';
import type { Trx, Wallet } from '../wallet/wallet.ts';
import { audit, type Actor } from '../admin/audit.ts';
import { fieldError, msgError, notFound, unauthenticated } from '../http/errors.ts';
import { rainRefusal } from '../risk/rules.ts';
import { repeatEvery } from '../repeat.ts';
import { grantBonus, type BonusTerms } from '../bonuses/grants.ts';
import { playSince } from '../history/play.ts';
import { rewardRestrictions } from '../responsible/playGate.ts';
import { requireCaptcha, type CaptchaVerifier } from '../captcha/captcha.ts';
import { chatText, postSystem, publishAll } from './announcements.ts';
import { checkSender, refusingShortBalance, tipCents, tipSettings } from './tips.ts';
import { HOUSE_EDGE_BP } from '../../core/protocol/referral.ts';
import { centsToCoins, coinsToCents, formatCents, formatCentsIn } from '../../core/money/cents.ts';
import { RAIN_MSG, rainSplit, type RainSettings, type RainState } from '../../core/protocol/rain.ts';
import type { ChatMessage } from '../../core/protocol/chat.ts';
import type { Locale } from '../../core/text/locales.ts';

// Rain (docs/community.md, "Rain"): a pot shared by the eligible players who join within a window.
// The pot (rain_pot, the house's money until paid) grows by the operator's share of the nominal house
// edge of the bets settled since it last counted (the bets journal), and by players' tips into it.
// Every node runs `rainTick` each second; each step is a conditional change, so any number of nodes
// and restarts do each once: a rain opens under the pot row's lock and the one-open-rain index; it
// is paid by the transaction that moves it from `open` to `paid` (the claim), which pays each share
// as bonus money (a bonus_grants row beside its ledger credit, server/bonuses/grants.ts). A join
// holds the rain row in share mode, so no entry slips in after the pay has read the entries.

export interface RainDeps {
  db: Db;
  bus: Bus;
  wallet: Wallet;
  clock: Clock;
}

export async function rainSettings(db: Db | Trx) {
  const s = await db.selectFrom('rain_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { ...s, min_wagered_7d: Number(s.min_wagered_7d), min_deposited_14d: Number(s.min_deposited_14d), min_pot: Number(s.min_pot) };
}
type Settings = Awaited<ReturnType<typeof rainSettings>>;

/** The wagering terms of a rain's shares: the operator's multiple and days, no maximum bet, the catalog's weights. */
export const rainShareTerms = (settings: Pick<Settings, 'wagering_multiple' | 'bonus_days'>): BonusTerms => ({ multiple: settings.wagering_multiple, base: 'bonus', days: settings.bonus_days, maxBet: null, weights: null });

/** One check of who may join a rain: its refusal, or null. */
export type RainCheck = (db: Db | Trx, userId: number, settings: Settings, now: Date) => Promise<string | null>;

const verified: RainCheck = async (db, userId, settings) => {
  if (!settings.require_verified) return null;
  const u = await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow();
  return u.email_verified_at === null ? RAIN_MSG.unverified : null;
};
const notOnBreak: RainCheck = async (db, userId, _settings, now) => ((await rewardRestrictions(db, userId, now)).onBreak ? RAIN_MSG.onBreak : null);
/** Wagered in the last 7 days, from the bets journal (the one record of play). */
const wagered: RainCheck = async (db, userId, settings, now) => {
  if (settings.min_wagered_7d === 0) return null;
  const { week } = await playSince(db, userId, { week: new Date(now.getTime() - 7 * 86_400_000) });
  return week.staked < settings.min_wagered_7d ? RAIN_MSG.wagered(formatCents(settings.min_wagered_7d)) : null;
};
/** Deposited in the last 14 days: the player's `deposit` ledger credits. */
const deposited: RainCheck = async (db, userId, settings, now) => {
  if (settings.min_deposited_14d === 0) return null;
  const row = await sql<{ sum: string }>`select coalesce(sum(l.amount), 0) as sum from ledger_entries l join accounts a on a.id = l.account_id
    where a.user_id = ${userId} and l.reason = 'deposit' and l.created_at >= ${new Date(now.getTime() - 14 * 86_400_000).toISOString()}::timestamptz`.execute(db);
  return Number(row.rows[0]?.sum ?? 0) < settings.min_deposited_14d ? RAIN_MSG.deposited(formatCents(settings.min_deposited_14d)) : null;
};

/** One share per person: an account of a cluster that already joined this rain keeps the others out (the risk rules). */
const oncePerCluster: RainCheck = (db, userId) => rainRefusal(db, userId);

/** Every check a join passes, in order. One share per account (the primary key) and per person (the risk rules). */
export const RAIN_CHECKS: RainCheck[] = [verified, notOnBreak, wagered, deposited, oncePerCluster];

// The shop's messages in the chat about a rain, in each room's language (server/chat/i18n/).
/** "It's raining! 5.06 coins to share: join in the chat within 2 minutes." (whole minutes from 2 minutes on, else seconds). */
export function rainStartedText(locale: Locale, potCents: number, windowSeconds: number): string {
  const minutes = windowSeconds >= 120 && windowSeconds % 60 === 0;
  return chatText(locale, 'rainStarted', { coins: formatCentsIn(locale, potCents), unit: minutes ? 'minutes' : 'seconds', minutes: windowSeconds / 60, seconds: windowSeconds });
}
/** "The rain shared 5.06 coins among 3 players." */
export function rainSharedText(locale: Locale, paidCents: number, players: number): string {
  return chatText(locale, 'rainShared', { coins: formatCentsIn(locale, paidCents), count: players });
}
/** "Nobody joined the rain: its 5.06 coins wait for the next one." */
export function rainNobodyText(locale: Locale, potCents: number): string {
  return chatText(locale, 'rainNobody', { coins: formatCentsIn(locale, potCents) });
}

/** The open rain, if any. */
async function openRain(db: Db | Trx) {
  return db.selectFrom('rains').selectAll().where('status', '=', 'open').executeTakeFirst();
}

/** What the chat panel shows: the open rain (pot, when it closes, how many joined, whether the player did) and the pot waiting. */
export async function rainState(db: Db, userId: number | null): Promise<RainState> {
  const [rain, pot] = await Promise.all([openRain(db), db.selectFrom('rain_pot').select('amount').where('id', '=', 1).executeTakeFirstOrThrow()]);
  const open = rain
    ? {
        id: Number(rain.id),
        pot: centsToCoins(Number(rain.pot)),
        closes_at: new Date(rain.closes_at).toISOString(),
        joined: Number((await db.selectFrom('rain_entries').select(sql<string>`count(*)`.as('n')).where('rain_id', '=', Number(rain.id)).executeTakeFirstOrThrow()).n),
        me: userId !== null && Boolean(await db.selectFrom('rain_entries').select('user_id').where('rain_id', '=', Number(rain.id)).where('user_id', '=', userId).executeTakeFirst()),
      }
    : null;
  return { open, pot: centsToCoins(Number(pot.amount)), rule: RAIN_MSG.rule };
}

/**
 * How far behind its present a count reads the journal. A bet is stamped settled before its
 * transaction commits (at that transaction's start, or at its round's end), so a count that read
 * right up to its present could pass a bet's stamp before the bet is visible and never count it.
 * Ten seconds is a thousand times a settlement's usual commit, and a sixth of the least interval.
 */
export const RAIN_COUNT_LAG_MS = 10_000;

/** Counts the operator's share of the house edge settled since the last count into the pot, and opens a rain when one is due. */
export async function openRainIfDue(deps: Pick<RainDeps, 'db' | 'bus'>, now: Date): Promise<ChatMessage[]> {
  const upTo = new Date(now.getTime() - RAIN_COUNT_LAG_MS);
  const messages = await deps.db.transaction().execute(async (trx) => {
    const pot = await trx.selectFrom('rain_pot').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    // A node whose `now` is behind the last count (a tick that started earlier) counts nothing and opens nothing.
    if (new Date(pot.edge_counted_until) >= upTo) return [];
    const settings = await rainSettings(trx);
    // Off: the edge of the time it is off is not counted (the pot keeps what it had).
    if (!settings.enabled) {
      await trx.updateTable('rain_pot').set({ edge_counted_until: upTo }).where('id', '=', 1).execute();
      return [];
    }
    // The edge is counted when a rain is due, not every second: one read of the journal per interval,
    // bounded by the (indexed) time the bets were placed: a bet settled more than a day after it was
    // placed is not counted.
    if (new Date(pot.next_at) > now || (await openRain(trx))) return [];
    const edges = Object.entries(HOUSE_EDGE_BP);
    const since = new Date(pot.edge_counted_until);
    // Exact to the 10⁻⁸ cent (stake × edge bp × share bp), rounded down once per count.
    const edge = await sql<{ sum: string }>`select coalesce(floor(sum(b.stake * e.bp * ${settings.edge_share_bp}) / 100000000), 0) as sum
      from bets b join (values ${sql.join(edges.map(([g, bp]) => sql`(${g}::text, ${bp}::bigint)`))}) as e(game, bp) on e.game = b.game
      where b.placed_at > ${new Date(since.getTime() - 86_400_000).toISOString()}::timestamptz
        and b.status = 'settled' and b.stake > 0 and b.settled_at > ${since.toISOString()}::timestamptz and b.settled_at <= ${upTo.toISOString()}::timestamptz`.execute(trx);
    const amount = Number(pot.amount) + Number(edge.rows[0]?.sum ?? 0);
    await trx.updateTable('rain_pot').set({ amount, edge_counted_until: upTo }).where('id', '=', 1).execute();
    if (amount < settings.min_pot) return [];
    const closes = new Date(now.getTime() + settings.window_seconds * 1000);
    await trx.insertInto('rains').values({ pot: amount, opened_at: now, closes_at: closes }).execute();
    await trx.updateTable('rain_pot').set({ amount: 0, next_at: new Date(now.getTime() + settings.interval_minutes * 60_000) }).where('id', '=', 1).execute();
    return postSystem(trx, null, (locale) => rainStartedText(locale, amount, settings.window_seconds));
  });
  publishAll(deps.bus, messages);
  return messages;
}

/**
 * A player's tip into the pot of the next rain: the sender's checks of every tip (server/chat/tips.ts:
 * withdrawable coins only, the daily send cap, no break), a `tips` row without a recipient, the debit
 * `rain_tip` (the house holds it until a rain pays it) and the pot grown under its row's lock.
 * Answers the pot now (cents).
 */
export async function tipRain(deps: Pick<RainDeps, 'db' | 'wallet' | 'clock'>, senderId: number | null, coins: number): Promise<number> {
  if (senderId === null) throw unauthenticated();
  const settings = await tipSettings(deps.db);
  const amount = tipCents(coins, settings);
  const now = new Date(deps.clock.now());
  return refusingShortBalance(() =>
    deps.wallet.transaction(async (tx) => {
      await tx.lockedBalance(senderId);
      await checkSender(tx, senderId, amount, settings, now);
      const row = await tx.trx.insertInto('tips').values({ sender_id: senderId, recipient_id: null, amount, created_at: now }).returning('id').executeTakeFirstOrThrow();
      await tx.debit({ userId: senderId, amount, reason: 'rain_tip', reference: `tip:${row.id}` });
      const pot = await tx.trx.updateTable('rain_pot').set({ amount: sql<number>`amount + ${amount}` }).where('id', '=', 1).returning('amount').executeTakeFirstOrThrow();
      return Number(pot.amount);
    }),
  );
}

/** The player joins the open rain (once: a second join answers the same). */
export async function joinRain(deps: Pick<RainDeps, 'db' | 'clock'> & { captcha: CaptchaVerifier }, userId: number | null, captchaToken: string | undefined, ip?: string): Promise<void> {
  if (userId === null) throw unauthenticated();
  const now = new Date(deps.clock.now());
  const settings = await rainSettings(deps.db);
  for (const check of RAIN_CHECKS) {
    const refusal = await check(deps.db, userId, settings, now);
    if (refusal) throw msgError(403, refusal);
  }
  if (settings.captcha) await requireCaptcha(deps.captcha, captchaToken, 'rain', ip);
  await deps.db.transaction().execute(async (trx) => {
    // Share mode: the pay's claim (an update of this row) waits for this join, and a join after it sees `paid`.
    const rain = await trx.selectFrom('rains').select(['id', 'closes_at']).where('status', '=', 'open').forShare().executeTakeFirst();
    if (!rain || new Date(rain.closes_at) <= now) throw notFound(RAIN_MSG.noRain);
    await trx.insertInto('rain_entries').values({ rain_id: Number(rain.id), user_id: userId, joined_at: now }).onConflict((oc) => oc.columns(['rain_id', 'user_id']).doNothing()).execute();
  });
}

/** Pays every rain whose window has closed, each once; answers the rains this call paid. */
export async function payRains(deps: Pick<RainDeps, 'db' | 'bus' | 'wallet'>, now: Date): Promise<number[]> {
  const due = await deps.db.selectFrom('rains').select('id').where('status', '=', 'open').where('closes_at', '<=', now).execute();
  const paid: number[] = [];
  for (const { id } of due) {
    const rainId = Number(id);
    const messages = await deps.wallet.transaction(async (tx) => {
      // The claim: of any number of payers, one moves the rain out of `open`; the others find nothing.
      const claimed = await tx.trx.updateTable('rains').set({ status: 'paid', paid_at: now }).where('id', '=', rainId).where('status', '=', 'open').returning('pot').executeTakeFirst();
      if (!claimed) return null;
      const settings = await rainSettings(tx.trx);
      const entries = await tx.trx.selectFrom('rain_entries').select('user_id').where('rain_id', '=', rainId).orderBy('joined_at').orderBy('user_id').execute();
      const pot = Number(claimed.pot);
      const shares = rainSplit(pot, entries.length);
      if (entries.length === 0) {
        await tx.trx.updateTable('rain_pot').set({ amount: sql<number>`amount + ${pot}` }).where('id', '=', 1).execute();
        return postSystem(tx.trx, null, (locale) => rainNobodyText(locale, pot));
      }
      const terms = rainShareTerms(settings);
      for (const [i, e] of entries.entries()) {
        const share = shares[i]!;
        await tx.trx.updateTable('rain_entries').set({ share }).where('rain_id', '=', rainId).where('user_id', '=', Number(e.user_id)).execute();
        if (share > 0) await grantBonus(tx, { userId: Number(e.user_id), amount: share, deposit: 0, source: 'rain', reference: `rain:${rainId}`, promoCodeId: null, terms });
      }
      // Cents a pot smaller than its players cannot give go back to the pot.
      const unpaid = pot - shares.reduce((s, x) => s + x, 0);
      if (unpaid > 0) await tx.trx.updateTable('rain_pot').set({ amount: sql<number>`amount + ${unpaid}` }).where('id', '=', 1).execute();
      return postSystem(tx.trx, null, (locale) => rainSharedText(locale, pot - unpaid, entries.length));
    });
    if (messages === null) continue;
    publishAll(deps.bus, messages);
    paid.push(rainId);
  }
  return paid;
}

/** Opens a rain when due and pays the closed ones: every node, each second. */
export async function rainTick(deps: Pick<RainDeps, 'db' | 'bus' | 'wallet' | 'clock'>): Promise<void> {
  const now = new Date(deps.clock.now());
  await payRains(deps, now);
  await openRainIfDue(deps, now);
}

export function runRain(deps: Pick<RainDeps, 'db' | 'bus' | 'wallet' | 'clock'> & { log: Log }, intervalMs: number): () => void {
  return repeatEvery(() => rainTick(deps), intervalMs, deps.log, 'rain');
}

export function rainSettingsWire(s: Settings): RainSettings {
  return {
    enabled: s.enabled,
    edge_share_pct: s.edge_share_bp / 100,
    interval_minutes: s.interval_minutes,
    window_seconds: s.window_seconds,
    require_verified: s.require_verified,
    min_wagered_7d: centsToCoins(s.min_wagered_7d),
    min_deposited_14d: centsToCoins(s.min_deposited_14d),
    captcha: s.captcha,
    min_pot: centsToCoins(s.min_pot),
    wagering_multiple: s.wagering_multiple,
    bonus_days: s.bonus_days,
  };
}

/** The console's rain settings, audited as `chat.rain_settings`. */
export async function updateRainSettings(db: Db, actor: Actor, next: RainSettings): Promise<RainSettings> {
  const cents = { min_wagered_7d: coinsToCents(next.min_wagered_7d), min_deposited_14d: coinsToCents(next.min_deposited_14d), min_pot: coinsToCents(next.min_pot) };
  for (const [field, value] of Object.entries(cents)) if (value === null) throw fieldError(field, RAIN_MSG.amount);
  const bp = Math.round(next.edge_share_pct * 100);
  if (bp / 100 !== next.edge_share_pct) throw fieldError('edge_share_pct', RAIN_MSG.percent);
  return db.transaction().execute(async (trx) => {
    const before = rainSettingsWire(await rainSettings(trx));
    await trx
      .updateTable('rain_settings')
      .set({ enabled: next.enabled, edge_share_bp: bp, interval_minutes: next.interval_minutes, window_seconds: next.window_seconds, require_verified: next.require_verified, min_wagered_7d: cents.min_wagered_7d!, min_deposited_14d: cents.min_deposited_14d!, captcha: next.captcha, min_pot: cents.min_pot!, wagering_multiple: next.wagering_multiple, bonus_days: next.bonus_days })
      .where('id', '=', 1)
      .execute();
    const after = rainSettingsWire(await rainSettings(trx));
    await audit(trx, actor, { action: 'chat.rain_settings', targetKind: 'chat', targetId: null, before, after });
    return after;
  });
}
