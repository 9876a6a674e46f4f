import { useUrlFilters } from '../../app/useUrlFilters.ts';
import { AdminPager } from '../../features/admin/AdminPager.tsx';
import { useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { formatDateTime } from '../../format/format.ts';
import type { AuditEntry } from '../../../core/protocol/admin.ts';
import { adminAudit } from '../../../core/protocol/routes/admin.ts';

// /admin/audit: every change made through the console or an ops command, newest first, filtered by
// the kind of record, its id and the action; the filters live in the URL so a link to one record's
// history can be shared (the players and boxes pages link here).

const json = (value: unknown) => (value === null || value === undefined ? '' : <pre className="admin__json">{JSON.stringify(value, null, 1)}</pre>);

const COLUMNS: readonly HistoryColumn<AuditEntry>[] = [
  { label: 'When', cell: (r) => formatDateTime(r.created_at) },
  { label: 'Who', cell: (r) => r.actor },
  { label: 'Action', cell: (r) => r.action },
  { label: 'Record', cell: (r) => `${r.target_kind}${r.target_id ? ` ${r.target_id}` : ''}` },
  { label: 'Before', cell: (r) => json(r.before) },
  { label: 'After', cell: (r) => json(r.after) },
  { label: 'Address', cell: (r) => r.address },
];

const FILTERS = [
  { name: 'target_kind', label: 'Record kind' },
  { name: 'target_id', label: 'Record id' },
  { name: 'action', label: 'Action starts with' },
] as const;

export default function AuditPage() {
  const { values: query, page, set: update } = useUrlFilters(FILTERS.map((f) => f.name));
  const { data, error, loading } = useAdminData(adminAudit, { query: { ...query, page } });
  return (
    <section className="admin__section">
      <h1>Audit log</h1>
      <div className="admin__toolbar">
        {FILTERS.map((f) => (
          <TextInput key={f.name} small label={f.label} defaultValue={query[f.name]} onBlur={(e) => update(f.name, e.currentTarget.value.trim())} onKeyDown={(e) => e.key === 'Enter' && update(f.name, e.currentTarget.value.trim())} />
        ))}
      </div>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      <div aria-busy={loading}>{data && <HistoryTable columns={COLUMNS} rows={data.data} empty="No changes match." testId="audit-row" />}</div>
      <AdminPager page={data} loading={loading} onPage={(n) => update('page', String(n))} />
    </section>
  );
}
