import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { formatDate } from '../../format/format.ts';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import type { PendingAdjustment } from '../../../core/protocol/adminPlayers.ts';

// /admin/approvals: credits above the approval threshold waiting for a second staff member
// (docs/operator-console.md, "Separation of duties"). The server refuses approving one's own request
// or a credit to oneself; the page shows its answer.

export default function ApprovalsPage() {
  const { data, error, reload } = useAdminData<PendingAdjustment[]>('/api/admin/adjustments/pending');
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const decide = async (id: number, verdict: 'approve' | 'reject') => {
    const answer = await adminSendFor<{ message: string }>('post', `/api/admin/adjustments/${id}/${verdict}`);
    setOutcome(answer.error === null ? { text: answer.data.message, failed: false } : { text: answer.error, failed: true });
    reload();
  };
  const columns: readonly HistoryColumn<PendingAdjustment>[] = [
    { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.user_id}`}>{r.player}</Link> },
    { label: 'Credit', cell: (r) => r.amount.toFixed(2) },
    { label: 'Reason', cell: (r) => r.note },
    { label: 'Asked by', cell: (r) => `${r.requester}, ${formatDate(r.requested_at)}` },
    {
      label: 'Decision',
      cell: (r) => (
        <span className="admin__toolbar">
          <Button size="small" onClick={() => void decide(r.id, 'approve')}>
            Approve
          </Button>
          <Button size="small" variant="danger" onClick={() => void decide(r.id, 'reject')}>
            Reject
          </Button>
        </span>
      ),
    },
  ];
  const text = error ?? outcome?.text;
  return (
    <section className="admin__section">
      <h1>Approvals</h1>
      {text && (
        <p className={error || outcome?.failed ? 'admin__error' : 'admin__notice'} role="status">
          {text}
        </p>
      )}
      {data && <HistoryTable columns={columns} rows={data} empty="Nothing waits for approval." testId="approval-row" />}
    </section>
  );
}
