import type { OpsServices } from '../services.ts';
import { STAFF_ROLES, type StaffRole } from '../../core/protocol/admin.ts';
import { findUserByEmail } from '../accounts/users.ts';
import { OPS_ACTOR } from './audit.ts';
import { listStaff, setStaffRole } from './staff.ts';

// `npm run ops -- staff <list|grant|revoke>`: the console's roles from the command line, the only way
// to make the first admin (docs/operator-console.md). Audited like the console's own grants.
export const staffCommand = {
  summary: 'console roles: list | grant --email E --role operator|admin | revoke --email E',
  options: { email: { type: 'string' as const }, role: { type: 'string' as const } },
  positionals: true,
  async run({ db }: OpsServices, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const action = positionals[0] ?? 'list';
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (action === 'list') {
      for (const s of await listStaff(db)) out([s.user_id, s.role, `${s.name} <${s.email}>`, s.granted_at].join('\t'));
      return;
    }
    if (action !== 'grant' && action !== 'revoke') throw new Error('staff: list, grant or revoke');
    const email = typeof values.email === 'string' ? values.email : '';
    const user = email ? await findUserByEmail(db, email) : undefined;
    if (!user) throw new Error('--email must be a player\'s email');
    let role: StaffRole | null = null;
    if (action === 'grant') {
      if (!(STAFF_ROLES as readonly unknown[]).includes(values.role)) throw new Error(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      role = values.role as StaffRole;
    }
    const before = await setStaffRole(db, OPS_ACTOR, Number(user.id), role);
    out(`${user.email}: ${before ?? 'no role'} -> ${role ?? 'no role'}${role ? ' (the console also needs two-factor sign-in)' : ''}`);
  },
};
