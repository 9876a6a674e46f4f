import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_PER_PAGE } from '../../../core/protocol/admin.ts';
import { actorOf } from '../../admin/guard.ts';
import { countAudit, listAudit } from '../../admin/audit.ts';
import { auditRefusal } from '../../admin/duties.ts';
import { listStaff, setStaffRole } from '../../admin/staff.ts';
import { findUserById } from '../../accounts/users.ts';
import { paged } from '../../boxes/paging.ts';
import { fieldError } from '../../http/errors.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Who the staff member is, the staff list and role grants (admins only), and the audit log.
export default async function staffRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  route(app, routes.adminMe, { config: { staffRole: 'moderator' } }, async (request) => {
    const user = await findUserById(root.db, requireUserId(request));
    return { id: Number(user!.id), name: user!.name, email: user!.email, role: request.staffRole! };
  });

  route(app, routes.adminStaff, { config: { staffRole: 'admin' } }, async () => listStaff(root.db));

  route(app, routes.adminStaffGrant, { config: { staffRole: 'admin' } }, async (request) => {
    const { user_id: userId, role } = request.body;
    if (userId === request.userId) {
      const reason = 'You cannot change your own role.';
      await auditRefusal(root.db, actorOf(request), { action: role === null ? 'staff.revoke' : 'staff.grant', targetKind: 'player', targetId: userId }, reason);
      throw fieldError('user_id', reason);
    }
    if (!(await findUserById(root.db, userId))) throw fieldError('user_id', 'No player has this id.');
    await setStaffRole(root.db, actorOf(request), userId, role);
    return { message: role === null ? 'Role removed.' : `Role set to ${role}.` };
  });

  route(app, routes.adminAudit, {}, async (request) => {
    const { page, ...filter } = request.query;
    const [total, rows] = await Promise.all([countAudit(root.db, filter), listAudit(root.db, filter, { limit: AUDIT_PER_PAGE, offset: (page - 1) * AUDIT_PER_PAGE })]);
    return paged(rows, total, { page, perPage: AUDIT_PER_PAGE }, '/api/admin/audit', filter);
  });
}
