import { sql } from 'kysely';
import { msgError } from '../../http/errors.ts';
import type { Db } from '../../db/database.ts';
import type { Trx, Wallet } from '../../wallet/wallet.ts';
import { asAmountError } from '../playInstantBet.ts';
import type { RoundBetStatus, RoundGame } from './schema.ts';
import { journalBet, journalRoundBetsClosed } from '../../journal/journal.ts';

// The shape every round bet shares (crash, wheel), as playInstantBet is for instant games: one
// wallet transaction takes the stake into the open round's counters (only while the round is
// `starting` and the server's clock is before betting_ends_at, and within the round's stake
// limit), stores the bet and debits the stake; a short balance is the 422 on amount and nothing
// is written. Only the bet's params and the limits differ between games.

export interface RoundBetMessages {
  noRound: string;
  bettingClosed: string;
  alreadyBet: string;
  roundFull: string;
}

export interface RoundBetRequest {
  game: RoundGame;
  userId: number;
  /** Cents. */
  amount: number;
  /** The bet as placed, stored with it (crash: auto_cashout; wheel: color). */
  params: Record<string, unknown>;
  /** The server's time of receipt (ms). */
  now: number;
  /** The largest total stake of a round in cents (null: none). */
  maxRoundStake: number | null;
  /** How many bets one player may place in a round, canceled ones included, and the refusal past it (none: one bet, by the game's unique index). */
  perPlayer?: { max: number; refusal: string };
  messages: RoundBetMessages;
}

export interface PlacedRoundBet {
  id: number;
  roundId: number;
  user: { id: number; name: string; avatar_url: string | null };
  amount: number;
  params: Record<string, unknown>;
  /** The balance after the stake, cents. */
  balance: number;
}

export async function placeRoundBet(wallet: Wallet, bet: RoundBetRequest): Promise<PlacedRoundBet> {
  const { game, userId, amount, now, messages } = bet;
  try {
    return await wallet.transaction(async (tx) => {
      const cap = bet.maxRoundStake === null ? sql<boolean>`true` : sql<boolean>`wagered + ${amount}::bigint <= ${bet.maxRoundStake}::bigint`;
      const round = await tx.trx
        .updateTable('rounds')
        .set({ wagered: sql`wagered + ${amount}::bigint`, open_stake: sql`open_stake + ${amount}::bigint` })
        .where('game', '=', game)
        .where('status', '=', 'starting')
        .where('betting_ends_at', '>', new Date(now))
        .where(cap)
        .returning('id')
        .executeTakeFirst();
      if (!round) throw await whyRefused(tx.trx, game, now, messages);
      // The round row's update above holds its lock until commit, so a player's parallel bets count one after another.
      if (bet.perPlayer && (await betsInRound(tx.trx, round.id, userId)) >= bet.perPlayer.max) throw msgError(409, bet.perPlayer.refusal);
      const row = await tx.trx
        .insertInto('round_bets')
        .values({ round_id: round.id, game, user_id: userId, amount, params: JSON.stringify(bet.params), created_at: new Date(now) })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw msgError(409, messages.alreadyBet);
      const balance = await tx.debit({ userId, amount, reason: `${game}_bet`, reference: `round_bet:${row.id}` });
      // Its journal row, open until the bet leaves `open` (journalRoundBetsClosed), after the debit as every journal write.
      await journalBet(tx, { game, userId, stake: amount, refId: row.id, roundId: round.id, placedAt: new Date(now) });
      const user = await tx.trx.selectFrom('users').select(['id', 'name', 'avatar_url']).where('id', '=', userId).executeTakeFirstOrThrow();
      return { id: row.id, roundId: round.id, user, amount, params: bet.params, balance };
    });
  } catch (error) {
    throw asAmountError(error);
  }
}

async function betsInRound(trx: Trx, roundId: number, userId: number): Promise<number> {
  const row = await trx.selectFrom('round_bets').select((eb) => eb.fn.countAll<string>().as('n')).where('round_id', '=', roundId).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function whyRefused(trx: Trx, game: RoundGame, now: number, messages: RoundBetMessages) {
  const open = await trx.selectFrom('rounds').select(['status', 'betting_ends_at']).where('game', '=', game).where('status', '<>', 'ended').executeTakeFirst();
  if (!open) return msgError(409, messages.noRound);
  if (open.status !== 'starting' || open.betting_ends_at === null || new Date(open.betting_ends_at).getTime() <= now) return msgError(409, messages.bettingClosed);
  return msgError(409, messages.roundFull);
}

/**
 * A round's counters from its bets: paid (cents paid on cashed-out bets) and open stake (cents of
 * bets still open). While a crash round flies, players' cash-outs do not write the round row
 * (server/games/crash/crashCashOut.ts), so these sums, not the row's columns, are its truth; the leader
 * writes them to the row when the round ends (`storeRoundCounters`).
 */
export async function roundCounters(db: Db | Trx, roundId: number): Promise<{ paid: number; openStake: number }> {
  const row = await db
    .selectFrom('round_bets')
    .select([
      sql<string>`coalesce(sum(payout) filter (where status = 'cashed_out'), 0)`.as('paid'),
      sql<string>`coalesce(sum(amount) filter (where status = 'open'), 0)`.as('open_stake'),
    ])
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  return { paid: Number(row.paid), openStake: Number(row.open_stake) };
}

/** A bet still open in a round, as a game's settlement rules read it. */
export interface OpenRoundBet {
  id: number;
  /** Cents. */
  amount: number;
  params: Record<string, unknown>;
}

/**
 * What a round has paid (cents) and its open bets, from ONE statement, so from one snapshot of its
 * bets: a bet is counted either as paid or as open, never both, whatever cash-outs commit meanwhile
 * (a bet leaves `open` and gets its payout in one row update). The leader's round cap is computed
 * from these two figures together; kept apart (its own list of open bets, the paid sum read later),
 * a bet just cashed out by hand counted twice and the cap fell below 1.00× (docs/crash.md).
 */
export async function roundBook(db: Db | Trx, roundId: number): Promise<{ paid: number; open: OpenRoundBet[] }> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('round_bets')
        .select(sql<string>`coalesce(sum(payout) filter (where status = 'cashed_out'), 0)`.as('paid'))
        .where('round_id', '=', roundId)
        .as('t'),
    )
    .leftJoin('round_bets as b', (join) => join.on('b.round_id', '=', roundId).on('b.status', '=', 'open'))
    .select(['t.paid', 'b.id', 'b.amount', 'b.params'])
    .orderBy('b.id')
    .execute();
  const open = rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, amount: Number(r.amount), params: r.params ?? {} }]));
  return { paid: Number(rows[0]?.paid ?? 0), open };
}

/** Writes a round's counters from its bets (when it ends, once no bet of it can move again). */
export async function storeRoundCounters(db: Db | Trx, roundId: number): Promise<void> {
  const { paid, openStake } = await roundCounters(db, roundId);
  await db.updateTable('rounds').set({ paid, open_stake: openStake }).where('id', '=', roundId).execute();
}

/**
 * Refunds every open bet of a round (restart rule); each bet once, by a conditional update. `voided`:
 * the round is being voided (it never flew), and the journal says so of its bets.
 */
export async function refundOpenBets(wallet: Wallet, roundId: number, game: RoundGame, options: { voided?: boolean } = {}): Promise<number> {
  return wallet.transaction(async (tx) => {
    // The round row first, as every bet, cancel and settlement takes it: one lock order, no deadlock.
    await sql`select id from rounds where id = ${roundId} for update`.execute(tx.trx);
    const refunded = await tx.trx
      .updateTable('round_bets')
      .set({ status: 'refunded', payout: sql`amount`, multiplier: 1, closed_by: 'refund', settled_at: new Date() })
      .where('round_id', '=', roundId)
      .where('status', '=', 'open')
      .returning(['id', 'user_id', 'amount'])
      .execute();
    for (const bet of refunded) await tx.credit({ userId: bet.user_id, amount: bet.amount, reason: `${game}_refund`, reference: `round_bet:${bet.id}` });
    await journalRoundBetsClosed(tx.trx, refunded.map((b) => b.id), options);
    const stake = refunded.reduce((sum, b) => sum + Number(b.amount), 0);
    if (stake > 0) await tx.trx.updateTable('rounds').set({ open_stake: sql`open_stake - ${stake}::bigint` }).where('id', '=', roundId).execute();
    return refunded.length;
  });
}

export interface RoundBetCancel {
  game: RoundGame;
  userId: number;
  betId: number;
  /** The server's time of receipt (ms). */
  now: number;
  messages: { notFound: string; notCancelable: string };
}

/**
 * The owner takes a bet back while its round is `starting` and the server's clock is before
 * betting_ends_at: the round's counters, the bet (open → canceled) and the stake's credit
 * (`<game>_cancel`) in one transaction. Another player's bet is not found; a second cancel, a
 * cancel after betting closed or one racing the bet's settlement or refund changes nothing: the
 * round row is locked first and the bet leaves `open` by one conditional update.
 */
export async function cancelRoundBet(wallet: Wallet, cancel: RoundBetCancel): Promise<{ roundId: number; amount: number; balance: number }> {
  const { game, userId, betId, now, messages } = cancel;
  return wallet.transaction(async (tx) => {
    const bet = await tx.trx.selectFrom('round_bets').select(['id', 'round_id', 'user_id', 'amount']).where('id', '=', betId).where('game', '=', game).executeTakeFirst();
    if (!bet || Number(bet.user_id) !== userId) throw msgError(404, messages.notFound);
    // The round row first (as bets, refunds and settlements take it): locked while it is still open for bets.
    const round = await tx.trx
      .selectFrom('rounds')
      .select('id')
      .where('id', '=', bet.round_id)
      .where('status', '=', 'starting')
      .where('betting_ends_at', '>', new Date(now))
      .forUpdate()
      .executeTakeFirst();
    if (!round) throw msgError(409, messages.notCancelable);
    const canceled = await tx.trx
      .updateTable('round_bets')
      .set({ status: 'canceled', payout: sql`amount`, multiplier: 1, closed_by: 'player', settled_at: new Date(now) })
      .where('id', '=', betId)
      .where('status', '=', 'open')
      .returning('amount')
      .executeTakeFirst();
    if (!canceled) throw msgError(409, messages.notCancelable);
    await tx.trx.updateTable('rounds').set({ wagered: sql`wagered - ${canceled.amount}::bigint`, open_stake: sql`open_stake - ${canceled.amount}::bigint` }).where('id', '=', round.id).execute();
    const balance = await tx.credit({ userId, amount: canceled.amount, reason: `${game}_cancel`, reference: `round_bet:${betId}` });
    await journalRoundBetsClosed(tx.trx, [betId]);
    return { roundId: Number(bet.round_id), amount: Number(canceled.amount), balance };
  });
}

/** A bet of a round with its player's name and avatar, as the games' views read it. */
export interface RoundBetRow {
  id: number;
  round_id: number;
  user_id: number;
  name: string;
  avatar_url: string | null;
  amount: number;
  params: Record<string, unknown>;
  status: RoundBetStatus;
  multiplier: string | null;
  payout: number | null;
}

/** The bets of a round (only the open ones when asked), oldest first, with their players. */
export async function roundBetsOf(db: Db, roundId: number, onlyOpen = false): Promise<RoundBetRow[]> {
  let q = db
    .selectFrom('round_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.round_id', 'b.user_id', 'u.name', 'u.avatar_url', 'b.amount', 'b.params', 'b.status', 'b.multiplier', 'b.payout'])
    .where('b.round_id', '=', roundId);
  if (onlyOpen) q = q.where('b.status', '=', 'open');
  return (await q.orderBy('b.id').execute()) as RoundBetRow[];
}
