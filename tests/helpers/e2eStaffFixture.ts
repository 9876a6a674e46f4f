import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { createUser, findUserByEmail } from '../../server/accounts/users.ts';
import { seal } from '../../server/accounts/twoFactor.ts';
import { OPS_ACTOR } from '../../server/admin/audit.ts';
import { setStaffRole } from '../../server/admin/staff.ts';
import { E2E_ADMIN } from './e2eStaff.ts';

/** Makes the e2e server's console admin (E2E_ADMIN) once: a verified player, two-factor on, role admin. */
export async function createConsoleAdmin(app: FastifyInstance): Promise<void> {
  if (await findUserByEmail(app.db, E2E_ADMIN.email)) return;
  const id = await createUser(app.db, app.wallet, { name: E2E_ADMIN.name, email: E2E_ADMIN.email, passwordHash: await hashPassword(E2E_ADMIN.password), verified: true, termsAccepted: true });
  await app.db.insertInto('two_factor').values({ user_id: id, secret: seal(app.config.appSecret, E2E_ADMIN.totpSecret), enabled_at: new Date(Date.now() - 60_000) }).execute();
  await setStaffRole(app.db, OPS_ACTOR, id, 'admin');
}
