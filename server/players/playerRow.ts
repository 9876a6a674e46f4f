import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';

import { PLAYER_NOT_FOUND } from '../../core/protocol/pathParams.ts';

export { PLAYER_NOT_FOUND };

/** The player's row, held until the transaction ends (FOR NO KEY UPDATE: a sign-in's FOR SHARE waits for it, rows that reference the player do not); 404 when there is none. */
export async function lockedPlayerRow(trx: Db, userId: number): Promise<{ id: number }> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw notFound(PLAYER_NOT_FOUND);
  return row;
}

/**
 * 404 unless the player exists, without holding their row: a bet updates it (the XP in
 * users.wagered) after locking the account, so a movement must not take the two the other way round.
 */
export async function assertPlayer(db: Db, userId: number): Promise<void> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(PLAYER_NOT_FOUND);
}
