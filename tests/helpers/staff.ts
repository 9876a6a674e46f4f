import { sql } from 'kysely';
import type { StaffRole } from '../../core/protocol/admin.ts';
import { createPlayer, type PlayerServices } from './testApp.ts';

/**
 * A staff member as the console wants one: a player with `role`, two-factor sign-in on, and a
 * session (the token's family) that started after it was turned on, as a sign-in with a code makes.
 * `secondFactor: false` leaves two-factor off (the console refuses such a session).
 */
export async function createStaff(app: PlayerServices, role: StaffRole, options: { secondFactor?: boolean; balance?: number; deposited?: number; verified?: boolean } = {}) {
  const player = await createPlayer(app, { balance: options.balance ?? 0, deposited: options.deposited, verified: options.verified, name: `${role[0]!.toUpperCase()}${role.slice(1)} ${Math.random().toString(36).slice(2, 6)}` });
  await app.db.insertInto('staff_roles').values({ user_id: player.id, role }).execute();
  const family = await app.db.selectFrom('access_tokens').select('family_id').where('user_id', '=', player.id).executeTakeFirstOrThrow();
  if (options.secondFactor !== false) {
    await app.db.insertInto('two_factor').values({ user_id: player.id, secret: 'JBSWY3DPEHPK3PXP', enabled_at: sql<Date>`now() - interval '1 minute'` }).execute();
  }
  await app.db.insertInto('sessions').values({ family_id: family.family_id, user_id: player.id, user_agent: 'test', address: '127.0.0.1' }).execute();
  return player;
}
