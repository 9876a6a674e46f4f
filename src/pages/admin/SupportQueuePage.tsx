import { Link } from 'react-router';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { AdminList } from '../../features/admin/AdminList.tsx';
import { useUrlFilters } from '../../app/useUrlFilters.ts';
import type { HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatDateTime } from '../../format/format.ts';
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_TITLES, SUPPORT_STATUSES } from '../../../core/protocol/support.ts';
import type { SupportQueueRow } from '../../../core/protocol/adminSupport.ts';
import { adminSupportTickets } from '../../../core/protocol/routes/admin.ts';
import type { CallInput } from '../../../core/protocol/route.ts';

// /admin/support: the ticket queue, latest activity first, filtered by status and category (and by
// player, from a player's page); the filters are in the URL.

const title = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const STATUS_CHIPS = [{ value: '', label: 'All' }, ...SUPPORT_STATUSES.map((s) => ({ value: s, label: title(s) }))];
const CATEGORY_CHIPS = [{ value: '', label: 'Every category' }, ...SUPPORT_CATEGORIES.map((c) => ({ value: c, label: SUPPORT_CATEGORY_TITLES[c] }))];

const COLUMNS: readonly HistoryColumn<SupportQueueRow>[] = [
  { label: 'Ticket', cell: (r) => <Link to={`/admin/support/${r.id}`}>{`#${r.id} ${r.subject}`}</Link> },
  { label: 'Status', cell: (r) => title(r.status) },
  { label: 'Category', cell: (r) => SUPPORT_CATEGORY_TITLES[r.category as keyof typeof SUPPORT_CATEGORY_TITLES] ?? r.category },
  { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.user_id}`}>{`${r.name} <${r.email}>`}</Link> },
  { label: 'Risk', cell: (r) => r.risk_score },
  { label: 'Last activity', cell: (r) => formatDateTime(r.updated_at) },
];

export default function SupportQueuePage() {
  const { values, page, set } = useUrlFilters(['status', 'category', 'user_id'] as const);
  const list = useAdminData(adminSupportTickets, { query: { ...values, page } as CallInput<typeof adminSupportTickets>['query'] }); // the URL's filters, checked by the server
  return (
    <section className="admin__section">
      <h1>Support</h1>
      <ChipGroup label="Status" chips={STATUS_CHIPS} value={values.status} onChange={(v) => set('status', v)} />
      <ChipGroup label="Category" chips={CATEGORY_CHIPS} value={values.category} onChange={(v) => set('category', v)} />
      <AdminList list={list} columns={COLUMNS} empty="No tickets match." testId="ticket-row" onPage={(n) => set('page', String(n))} />
    </section>
  );
}
