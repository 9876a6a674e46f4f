import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_PER_PAGE, AuditPageSchema, AuditQuerySchema, StaffGrantSchema, StaffListSchema, StaffMeSchema } from '../../../core/protocol/admin.ts';
import { actorOf } from '../../admin/guard.ts';
import { countAudit, listAudit } from '../../admin/audit.ts';
import { auditRefusal } from '../../admin/duties.ts';
import { listStaff, setStaffRole } from '../../admin/staff.ts';
import { findUserById } from '../../accounts/users.ts';
import { paged } from '../../boxes/paging.ts';
import { fieldError } from '../../http/errors.ts';
import { requireUserId } from '../../plugins/auth.ts';

// Who the staff member is, the staff list and role grants (admins only), and the audit log.
export default async function staffRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/me', { schema: { response: { 200: StaffMeSchema } } }, async (request) => {
    const user = await findUserById(root.db, requireUserId(request));
    return { id: Number(user!.id), name: user!.name, email: user!.email, role: request.staffRole! };
  });

  app.get('/api/admin/staff', { config: { staffRole: 'admin' }, schema: { response: { 200: StaffListSchema } } }, async () => listStaff(root.db));

  app.post('/api/admin/staff', { config: { staffRole: 'admin' }, schema: { body: StaffGrantSchema, response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
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

  app.get('/api/admin/audit', { schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } } }, async (request) => {
    const { page, ...filter } = request.query;
    const [total, rows] = await Promise.all([countAudit(root.db, filter), listAudit(root.db, filter, { limit: AUDIT_PER_PAGE, offset: (page - 1) * AUDIT_PER_PAGE })]);
    return paged(rows, total, { page, perPage: AUDIT_PER_PAGE }, '/api/admin/audit', filter);
  });
}
