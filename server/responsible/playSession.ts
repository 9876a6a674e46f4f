import { sql } from 'kysely';
import { centsToCoins } from '../../core/money/cents.ts';
import type { PlaySession } from '../../core/protocol/responsible.ts';
import type { Db } from '../db/database.ts';
import { realityCheckMinutes } from './settings.ts';
import { addPlay } from './playGate.ts';

// The reality check's figures (docs/account-safety.md, "Limits and exclusions"): the session is the
// sign-in the request's token belongs to (its token family, kept across refreshes), so it starts when
// the player signed in; its result is read from the ledger since then: `*_win` credits less stakes
// (refunds given back).

export async function playSession(db: Db, userId: number, tokenHash: string, now: Date): Promise<PlaySession> {
  const family = await db
    .selectFrom('access_tokens as t')
    .innerJoin('access_tokens as f', 'f.family_id', 't.family_id')
    .select((eb) => eb.fn.min('f.created_at').as('started_at'))
    .where('t.id', '=', tokenHash)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  const startedAt = family?.started_at ? new Date(family.started_at) : now;
  const { rows } = await sql<{ reason: string; amount: string }>`
    select e.reason, sum(e.amount)::bigint as amount from ledger_entries e
    where e.account_id = (select id from accounts where user_id = ${userId}) and e.created_at >= ${startedAt.toISOString()}::timestamptz
    group by e.reason`.execute(db);
  const play = { staked: 0, won: 0 };
  for (const r of rows) addPlay(play, r.reason, Number(r.amount));
  const { staked, won } = play;
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
