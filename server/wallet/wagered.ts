import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// XP (users.wagered, docs/levels.md) is the cents a player has staked. The wallet counts every coin
// stake as it debits it and takes a stake refund back off as it credits it (wallet.ts), and its batch
// statements (instantSettlement.ts, openingSettlement.ts) do the same in SQL, so each stake counts
// once whichever path settles it. Always after the account's lock: a movement locks the account,
// then the player's row.

/** Adds `cents` staked (items put into an upgrade, besides the coins the wallet counted) to the player's XP. */
export async function addWagered(trx: Db, userId: number, cents: number): Promise<void> {
  if (cents > 0) await trx.updateTable('users').set({ wagered: sql`wagered + ${cents}::bigint` }).where('id', '=', userId).execute();
}

/** Takes a refunded stake off the player's XP (never below 0). */
export async function removeWagered(trx: Db, userId: number, cents: number): Promise<void> {
  if (cents > 0) await trx.updateTable('users').set({ wagered: sql`greatest(wagered - ${cents}::bigint, 0)` }).where('id', '=', userId).execute();
}
