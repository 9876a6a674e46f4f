import type { Db } from '../db/database.ts';
import type { StaffRole } from '../../core/protocol/admin.ts';
import { audit, type Actor } from './audit.ts';

// Staff roles (docs/operator-console.md, "Roles and access"). A role is granted only by an ops
// command (the first admin) or by an admin in the console; each grant and revocation is audited.

export async function staffRole(db: Db, userId: number): Promise<StaffRole | null> {
  const row = await db.selectFrom('staff_roles').select('role').where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Grants `role` (or revokes with null); answers the role before. */
export async function setStaffRole(db: Db, actor: Actor, userId: number, role: StaffRole | null): Promise<StaffRole | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) throw new Error(`no player ${userId}`);
    const before = await staffRole(trx, userId);
    if (before === role) return before;
    if (role === null) await trx.deleteFrom('staff_roles').where('user_id', '=', userId).execute();
    else
      await trx
        .insertInto('staff_roles')
        .values({ user_id: userId, role, granted_by: actor.userId })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ role, granted_by: actor.userId, granted_at: new Date() }))
        .execute();
    await audit(trx, actor, { action: role === null ? 'staff.revoke' : 'staff.grant', targetKind: 'player', targetId: userId, before: { role: before }, after: { role } });
    return before;
  });
}

export async function listStaff(db: Db) {
  const rows = await db
    .selectFrom('staff_roles as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.name', 'u.email', 's.role', 's.granted_at'])
    .orderBy('s.user_id')
    .execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), name: r.name, email: r.email, role: r.role, granted_at: new Date(r.granted_at).toISOString() }));
}
