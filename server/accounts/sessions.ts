import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { LruMap } from '../lruMap.ts';
import { deviceName } from './deviceName.ts';

// A session is one sign-in: a token family (server/accounts/tokens.ts). Its row keeps the device
// (User-Agent) and address it signed in from and when it was last seen, for the sessions list and
// the new-device mail. Ending a session revokes its family (revokeFamily), which also stamps
// ended_at here.

export interface SessionOrigin {
  userAgent: string;
  address: string;
  /** The browser's device id (sent by the sign-in form), or null; linked accounts read it (docs/risk.md). */
  device: string | null;
}

/**
 * Records a new sign-in; answers whether its device is new to the player: a User-Agent and address
 * pair none of their earlier sessions had. A player's very first session is not "new": there is no
 * known device to tell it from, and the sign-up itself was theirs.
 */
export async function recordSession(db: Db, userId: number, familyId: string, origin: SessionOrigin): Promise<{ newDevice: boolean }> {
  const earlier = await db
    .selectFrom('sessions')
    .select((eb) => [eb.fn.countAll<number>().as('any'), eb.fn.count<number>(sql`case when user_agent = ${origin.userAgent} and address = ${origin.address} then 1 end`).as('same')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db.insertInto('sessions').values({ family_id: familyId, user_id: userId, user_agent: origin.userAgent, address: origin.address }).onConflict((oc) => oc.column('family_id').doNothing()).execute();
  return { newDevice: Number(earlier.any) > 0 && Number(earlier.same) === 0 };
}

/** The player's live sessions (a live access or refresh token in the family), the latest seen first. */
export async function listSessions(db: Db, userId: number, currentFamily: string | null) {
  const live = (table: 'access_tokens' | 'refresh_tokens') =>
    sql<boolean>`exists (select 1 from ${sql.table(table)} t where t.family_id = sessions.family_id and t.revoked_at is null and t.expires_at > now())`;
  const rows = await db
    .selectFrom('sessions')
    .select(['family_id', 'user_agent', 'address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([live('access_tokens'), live('refresh_tokens')]))
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.family_id,
    device: deviceName(r.user_agent),
    address: r.address,
    last_seen_at: r.last_seen_at,
    created_at: r.created_at,
    current: r.family_id === currentFamily,
  }));
}

/** Whether the family is a session of this player that has not ended (ending someone else's is refused). */
export async function ownsLiveSession(db: Db, userId: number, familyId: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('family_id').where('family_id', '=', familyId).where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
  return Boolean(row);
}

/** How seldom a session's last-seen time is written. */
export const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Writes a session's last-seen time at most once a minute per process. The sessions list needs
 * minutes, not milliseconds; writing it on every request would add an UPDATE (a row lock and a
 * dead tuple) to every authenticated call, the balance polls and bets included.
 */
export function createLastSeen(db: Db, now: () => number = Date.now) {
  const written = new LruMap<string, number>(50_000);
  return async function seen(familyId: string): Promise<void> {
    const last = written.get(familyId);
    if (last !== undefined && now() - last < LAST_SEEN_EVERY_MS) return;
    written.set(familyId, now());
    await db.updateTable('sessions').set({ last_seen_at: new Date(now()) }).where('family_id', '=', familyId).execute();
  };
}
