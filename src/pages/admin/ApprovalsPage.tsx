import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { formatDate } from '../../format/format.ts';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import type { PendingAdjustment } from '../../../core/protocol/adminPlayers.ts';
import type { CodeReview } from '../../../core/protocol/adminCodeReviews.ts';
import { adminAdjustmentApprove, adminAdjustmentReject, adminAdjustmentsPending, adminCodeReviewApprove, adminCodeReviewReject, adminCodeReviews } from '../../../core/protocol/routes/admin.ts';

// /admin/approvals: credits above the approval threshold waiting for a second staff member
// (docs/operator-console.md, "Separation of duties"). The server refuses approving one's own request
// or a credit to oneself; the page shows its answer. Below them, digital code reveals held for review
// (docs/operator-console.md, "Code reveals"), whose own reveal nobody decides either.

function DecisionButtons({ onDecide }: { onDecide: (verdict: 'approve' | 'reject') => void }) {
  return (
    <span className="admin__toolbar">
      <Button size="small" onClick={() => onDecide('approve')}>
        Approve
      </Button>
      <Button size="small" variant="danger" onClick={() => onDecide('reject')}>
        Reject
      </Button>
    </span>
  );
}

export default function ApprovalsPage() {
  const { data, error, reload } = useAdminData(adminAdjustmentsPending, {});
  const reveals = useAdminData(adminCodeReviews, {});
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  // The four decisions share one contract (an id in, a message out); typed as the first.
  const decideAt = async (route: typeof adminAdjustmentApprove, id: number, reloadList: () => void) => {
    const answer = await adminSendFor(route, { params: { id } });
    setOutcome(answer.error === null ? { text: answer.data.message, failed: false } : { text: answer.error, failed: true });
    reloadList();
  };
  const decide = (id: number, verdict: 'approve' | 'reject') => decideAt((verdict === 'approve' ? adminAdjustmentApprove : adminAdjustmentReject) as typeof adminAdjustmentApprove, id, reload);
  const revealColumns: readonly HistoryColumn<CodeReview>[] = [
    { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.player.id}`}>{r.player.name}</Link> },
    { label: 'Item', cell: (r) => r.item },
    { label: 'Value', cell: (r) => r.value.toFixed(2) },
    { label: 'Account age', cell: (r) => `${r.account_age_days} d` },
    { label: 'Deposits', cell: (r) => r.deposited.toFixed(2) },
    { label: 'Asked', cell: (r) => formatDate(r.requested_at) },
    { label: 'Decision', cell: (r) => <DecisionButtons onDecide={(verdict) => void decideAt((verdict === 'approve' ? adminCodeReviewApprove : adminCodeReviewReject) as unknown as typeof adminAdjustmentApprove, r.id, reveals.reload)} /> },
  ];
  const columns: readonly HistoryColumn<PendingAdjustment>[] = [
    { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.user_id}`}>{r.player}</Link> },
    { label: 'Risk', cell: (r) => r.risk_score },
    { label: 'Credit', cell: (r) => r.amount.toFixed(2) + (r.bonus ? ` as bonus (wager ${r.bonus.wagering_multiple}×, ${r.bonus.bonus_days} d${r.bonus.max_bet === null ? '' : `, max bet ${r.bonus.max_bet.toFixed(2)}`})` : '') },
    { label: 'Reason', cell: (r) => r.note },
    { label: 'Asked by', cell: (r) => `${r.requester}, ${formatDate(r.requested_at)}` },
    { label: 'Decision', cell: (r) => <DecisionButtons onDecide={(verdict) => void decide(r.id, verdict)} /> },
  ];
  const text = error ?? reveals.error ?? outcome?.text;
  return (
    <section className="admin__section">
      <h1>Approvals</h1>
      {text && (
        <p className={error || reveals.error || outcome?.failed ? 'admin__error' : 'admin__notice'} role="status">
          {text}
        </p>
      )}
      {data && <HistoryTable columns={columns} rows={data} empty="Nothing waits for approval." testId="approval-row" />}
      <h2>Code reveals</h2>
      {reveals.data && <HistoryTable columns={revealColumns} rows={reveals.data} empty="No code reveal waits for review." testId="code-review-row" />}
    </section>
  );
}
