import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { formatDate } from '../../format/format.ts';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { STAFF_ROLES, type StaffRole } from '../../../core/protocol/admin.ts';
import { adminStaff, adminStaffGrant } from '../../../core/protocol/routes/admin.ts';

// /admin/staff (admins): who has a console role; grant, change or remove one by the player's id.
// The first admin is made with `npm run ops -- staff grant`.

interface StaffRow {
  user_id: number;
  name: string;
  email: string;
  role: StaffRole;
  granted_at: string;
}

export default function StaffPage() {
  const { data, error, reload } = useAdminData(adminStaff, {});
  const [userId, setUserId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const set = async (id: number, role: StaffRole | null) => {
    const failed = await adminSend(adminStaffGrant, { body: { user_id: id, role } });
    setMessage(failed ?? (role ? `Player ${id} is now ${role}.` : `Player ${id} has no role now.`));
    if (!failed) reload();
  };
  const columns: readonly HistoryColumn<StaffRow & { id: number }>[] = [
    { label: 'Id', cell: (r) => r.user_id },
    { label: 'Name', cell: (r) => `${r.name} <${r.email}>` },
    { label: 'Role', cell: (r) => r.role },
    { label: 'Since', cell: (r) => formatDate(r.granted_at) },
    {
      label: 'Change',
      cell: (r) => (
        <Button size="small" variant="danger" onClick={() => void set(r.user_id, null)}>
          Remove role
        </Button>
      ),
    },
  ];
  return (
    <section className="admin__section">
      <h1>Staff</h1>
      {(error ?? message) && (
        <p className={error ? 'admin__error' : 'admin__notice'} role="status">
          {error ?? message}
        </p>
      )}
      <div className="admin__toolbar">
        <TextInput small label="Player id" inputMode="numeric" value={userId} onChange={(e) => setUserId(e.currentTarget.value.trim())} />
        {STAFF_ROLES.map((role) => (
          <Button key={role} size="small" disabled={!/^\d+$/.test(userId)} onClick={() => void set(Number(userId), role)}>
            Make {role}
          </Button>
        ))}
      </div>
      {data && <HistoryTable columns={columns} rows={data.map((r) => ({ ...r, id: r.user_id }))} empty="No staff yet." testId="staff-row" />}
    </section>
  );
}
