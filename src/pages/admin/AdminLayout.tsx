import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import type { ReactNode } from 'react';
import { apiErrorText } from '../../api/http.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { StaffContext } from '../../features/admin/staffContext.ts';
import { roleAtLeast, type StaffMe, type StaffRole } from '../../../core/protocol/admin.ts';
import '../profile/history.css';
import './admin.css';
import { callResponse } from '../../api/call.ts';
import { adminMe } from '../../../core/protocol/routes/admin.ts';

// The operator console's frame (/admin, docs/operator-console.md; its pages are routed in AdminArea.tsx): behind the
// route guard's sign-in. It asks the server who the staff member is; a player, or staff signed in
// without a second factor, sees the server's refusal instead of the console. Every section's call
// is checked by the server again.

/**
 * The console's sections, in the order of the side bar; `role` is the least role that sees one
 * (operator when not given; a moderator sees the chat's page only).
 */
export const ADMIN_LINKS: readonly { to: string; label: string; end?: boolean; role?: StaffRole }[] = [
  { to: '/admin', label: 'Live board', end: true },
  { to: '/admin/players', label: 'Players' },
  { to: '/admin/support', label: 'Support' },
  { to: '/admin/chat', label: 'Chat', role: 'moderator' },
  { to: '/admin/approvals', label: 'Approvals' },
  { to: '/admin/risk', label: 'Risk alerts' },
  { to: '/admin/kyc', label: 'Identity checks' },
  { to: '/admin/shipping', label: 'Shipping' },
  { to: '/admin/codes', label: 'Codes' },
  { to: '/admin/items', label: 'Items' },
  { to: '/admin/boxes', label: 'Boxes' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/settings', label: 'Game settings' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/staff', label: 'Staff', role: 'admin' },
];

export default function AdminLayout({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<StaffMe | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    callResponse(adminMe, {})
      .then((res) => setMe(res.data))
      .catch((e: unknown) => setRefused(apiErrorText(e)));
  }, []);
  if (refused)
    return (
      <section className="admin admin--refused">
        <h1>Operator console</h1>
        <p role="alert">{refused}</p>
      </section>
    );
  if (!me)
    return (
      <div className="admin__loading">
        <Spinner size={32} />
      </div>
    );
  return (
    <StaffContext.Provider value={me}>
      <div className="admin">
        <nav className="admin__nav" aria-label="Console">
          <p className="admin__who">
            {me.name} <span className="admin__role">{me.role}</span>
          </p>
          {ADMIN_LINKS.filter((l) => roleAtLeast(me.role, l.role ?? 'operator')).map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end ?? false} className="admin__link">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="admin__main">
          {children}
        </div>
      </div>
    </StaffContext.Provider>
  );
}
