import type { SettledLink } from './betLinks.ts';
import { sql, type Transaction } from 'kysely';
import { gamesOfKind, type GameId } from '../../core/games/catalog.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { WalletTx } from '../wallet/wallet.ts';

/** The game's transaction (the wallet's, or the leader's own for a battle's end). */
type Trx = Transaction<Database>;

// The bets journal's writes (table `bets`, migration 1110; docs/architecture.md, "The bets
// journal"): one row per stake of every game, written by the game in the transaction of the
// stake's ledger move, and always AFTER that move: the journal's trigger updates the player's XP
// (users.wagered), and the wallet's lock order is the account first, then the player's row. The
// one-statement settlements (server/games/bets.ts, server/boxes/openingEffects.ts,
// server/games/crash/crashCashOut.ts) write theirs in their statement; these are the long ways' and the round and
// battle transitions'.

/** A stake as the journal records it when it is placed. */
export interface JournalEntry {
  game: GameId;
  userId: number;
  /** Cents staked. */
  stake: number;
  /** The domain row (see the migration) and, for a battle, the seat. */
  refId: number;
  refSeat?: number;
  seedPairId?: number | null;
  nonce?: number | null;
  roundId?: number | null;
  /** When it was placed, if the game's clock says so (a round bet's created_at); else the transaction's time. */
  placedAt?: Date;
  /** Decided at once (an instant bet, a box opening): cents paid back and the multiplier shown. */
  settled?: { payout: number; multiplier: number | null };
}

/**
 * The wallet transaction a stake is journaled in: its rows go through `trx`, and the stake is told
 * to the wallet's observer (the metrics' bet counters) once that transaction commits.
 */
export type JournalTx = Pick<WalletTx, 'trx' | 'played'>;

/** Records a stake (after its ledger move); answers its row's public id (/bets/{public_id}). */
export async function journalBet(tx: JournalTx, e: JournalEntry): Promise<string> {
  tx.played(e.game, e.stake);
  const row = await tx.trx
    .insertInto('bets')
    .values({
      game: e.game,
      user_id: e.userId,
      stake: e.stake,
      payout: e.settled?.payout ?? null,
      multiplier: e.settled?.multiplier ?? null,
      status: e.settled ? 'settled' : 'open',
      ref_id: e.refId,
      ref_seat: e.refSeat ?? 0,
      seed_pair_id: e.seedPairId ?? null,
      nonce: e.nonce ?? null,
      round_id: e.roundId ?? null,
      ...(e.placedAt ? { placed_at: e.placedAt } : {}),
      settled_at: e.settled ? sql<Date>`now()` : null,
    })
    .returning('public_id')
    .executeTakeFirstOrThrow();
  return row.public_id;
}

/** shownMultiplierSql's figure in cents: the multiplier a box opening's journal row shows. */
export const shownMultiplier = (payout: number, stake: number): number | null => (stake > 0 ? Math.floor((payout * 100) / stake) / 100 : null);

/**
 * The multiplier shown for what came back over what was staked (box openings, battle seats: their
 * domain rows store none), in SQL: floored to the hundredth, null for a stake of 0 (a free box).
 */
export const shownMultiplierSql = (payout: string, stake: string) => `case when ${stake} > 0 then floor(${payout} * 100.0 / ${stake}) / 100 end`;

/**
 * The journal rows of round bets that just left `open` (after their credit, if any), copied from
 * the bets: cashed out, won and lost are settled, a bet taken back is refunded, a bet given back by
 * the restart rule is voided when its round was voided (it never flew) and refunded otherwise.
 */
export async function journalRoundBetsClosed(trx: Trx | Db, betIds: readonly number[], options: { voided?: boolean } = {}): Promise<SettledLink[]> {
  if (betIds.length === 0) return [];
  const given = options.voided ? 'voided' : 'refunded';
  const { rows } = await sql<{ ref_id: number | string; public_id: string; user_id: number | string; payout: number | string }>`update bets set status = case rb.status when 'canceled' then 'refunded' when 'refunded' then ${given} else 'settled' end,
      payout = rb.payout, multiplier = rb.multiplier, settled_at = rb.settled_at
    from round_bets rb
    where rb.id = any(${sql.val([...betIds])}::bigint[]) and bets.game = rb.game and bets.ref_id = rb.id and bets.ref_seat = 0 and bets.status = 'open' and rb.status <> 'open'
    returning bets.ref_id, bets.public_id, bets.user_id, bets.payout`.execute(trx);
  // Each closed bet's public id (/bets/{public_id}), by its round bet, with its player and payout (betLinks.ts).
  return rows.map((r) => ({ ref: Number(r.ref_id), publicId: r.public_id, userId: Number(r.user_id), payout: Number(r.payout) }));
}

/** The games whose stakes are battle seats (the catalog's games of kind 'battle'). */
const BATTLE_GAMES = sql.val(gamesOfKind('battle'));

/** A canceled or expired battle's seats (after their refunds): refunded, the seat cost given back. */
export async function journalBattleRefunded(trx: Trx, battleId: number): Promise<void> {
  await sql`update bets set status = 'refunded', payout = stake, multiplier = 1, settled_at = b.ended_at
    from battles b where b.id = ${battleId} and bets.game = any(${BATTLE_GAMES}::text[]) and bets.ref_id = b.id and bets.status = 'open'`.execute(trx);
}

/** An ended battle's seats (once its rolls are awarded): settled, paid the value of the rolls awarded to each seat; the players' seats with their public ids (betLinks.ts). */
export async function journalBattleEnded(trx: Trx, battleId: number): Promise<SettledLink[]> {
  const payout = `(select coalesce(sum(r.value), 0) from battle_rolls r where r.battle_id = bets.ref_id and r.awarded_seat = bets.ref_seat)`;
  const { rows } = await sql<{ public_id: string; user_id: number | string; payout: number | string }>`update bets set status = 'settled', payout = ${sql.raw(payout)}, multiplier = ${sql.raw(shownMultiplierSql(payout, 'bets.stake'))}, settled_at = b.ended_at
    from battles b where b.id = ${battleId} and bets.game = any(${BATTLE_GAMES}::text[]) and bets.ref_id = b.id and bets.status = 'open'
    returning bets.public_id, bets.user_id, bets.payout`.execute(trx);
  return rows.map((r) => ({ ref: battleId, publicId: r.public_id, userId: Number(r.user_id), payout: Number(r.payout) }));
}
