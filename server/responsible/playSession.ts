import { centsToCoins } from '../../core/money/cents.ts';
import type { PlaySession } from '../../core/protocol/responsible.ts';
import type { Db } from '../db/database.ts';
import { realityCheckMinutes } from './settings.ts';
import { playSince } from '../history/play.ts';

// The reality check's figures (docs/account-safety.md, "Limits and exclusions"): the session is the
// sign-in the request's token belongs to (its token family, kept across refreshes), so it starts when
// the player signed in; its result is read from the bets journal since then: what the bets paid back
// less their stakes (refunded and voided bets count for nothing, server/history/play.ts).

export async function playSession(db: Db, userId: number, tokenHash: string, now: Date): Promise<PlaySession> {
  const family = await db
    .selectFrom('access_tokens as t')
    .innerJoin('access_tokens as f', 'f.family_id', 't.family_id')
    .select((eb) => eb.fn.min('f.created_at').as('started_at'))
    .where('t.id', '=', tokenHash)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  const startedAt = family?.started_at ? new Date(family.started_at) : now;
  const { staked, won } = (await playSince(db, userId, { session: startedAt })).session;
  return {
    data: {
      started_at: startedAt.toISOString(),
      minutes: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 60_000)),
      staked: centsToCoins(staked),
      won: centsToCoins(won),
      net: centsToCoins(won - staked),
      reality_check_minutes: await realityCheckMinutes(db, userId),
    },
  };
}
