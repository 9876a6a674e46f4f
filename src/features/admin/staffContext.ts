import { createContext, useContext } from 'react';
import { roleAtLeast, type StaffMe, type StaffRole } from '../../../core/protocol/admin.ts';

/** The signed-in staff member, provided by AdminLayout to every console page. */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the console');
  return me;
}

/** Whether the staff member may use what needs `role` (the server checks it again). */
export function useCan(role: StaffRole): boolean {
  return roleAtLeast(useStaff().role, role);
}

/** The values of the console page's path (`/admin/players/:id`), set by AdminArea. */
export const AdminParams = createContext<Readonly<Record<string, string | undefined>>>({});

export function useAdminParams(): Readonly<Record<string, string | undefined>> {
  return useContext(AdminParams);
}
