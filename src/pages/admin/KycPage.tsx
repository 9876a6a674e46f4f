import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { formatDateTime, formatDay } from '../../format/format.ts';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { callResponse } from '../../api/call.ts';
import { KYC_DOCUMENT_TITLES, type KycApplication } from '../../../core/protocol/kyc.ts';
import { adminKycDocument, adminKycQueue, adminKycReview } from '../../../core/protocol/routes/admin.ts';

// /admin/kyc: the identity checks waiting for a review (docs/kyc.md, "Review"): the player, the
// details they gave, their documents as the KYC provider keeps them (read through the console's
// staff-only route, with the staff member's token: never a public address), and Approve or Reject
// with a note; the note of a rejection is what the player reads. "Reviewed" lists the decided ones.

const VIEWS = [
  { value: 'pending', label: 'Waiting' },
  { value: 'reviewed', label: 'Reviewed' },
] as const;

type Document = KycApplication['documents'][number];

/** A document fetched with the staff member's token: a picture shown, a PDF a link to open. */
function DocumentView({ application, document }: { application: number; document: Document }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void callResponse(adminKycDocument, { params: { id: application, documentId: document.id } }).then((r) => {
      made = URL.createObjectURL(r.data);
      setUrl(made);
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [application, document.id]);
  const title = KYC_DOCUMENT_TITLES[document.kind].split(' (')[0];
  if (!url) return <span>{title}…</span>;
  return document.content_type.startsWith('image/') ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={title} className="admin__kyc-document" />
    </a>
  ) : (
    <a href={url} target="_blank" rel="noreferrer" download={`${document.kind}.pdf`}>
      {title} (PDF)
    </a>
  );
}

function Review({ application, onDone }: { application: KycApplication; onDone: (text: string, failed: boolean) => void }) {
  const [note, setNote] = useState('');
  const review = async (decision: 'approve' | 'reject') => {
    const answer = await adminSendFor(adminKycReview, { params: { id: application.id }, body: { decision, note } });
    onDone(answer.error ?? answer.data.message, answer.error !== null);
  };
  return (
    <span className="admin__toolbar">
      <TextInput small label="Note" value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
      <Button size="small" onClick={() => void review('approve')}>
        Approve
      </Button>
      <Button size="small" variant="secondary" onClick={() => void review('reject')}>
        Reject
      </Button>
    </span>
  );
}

export default function KycPage() {
  const [view, setView] = useState<'pending' | 'reviewed'>('pending');
  const { data, error, reload } = useAdminData(adminKycQueue, { query: { status: view } });
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const columns: readonly HistoryColumn<KycApplication>[] = [
    { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.player.id}`}>{r.player.name}</Link> },
    { label: 'Details', cell: (r) => (r.details ? `${r.details.full_name}, born ${formatDay(r.details.birth_date)}, ${r.details.country}` : '—') },
    {
      label: 'Documents',
      cell: (r) => (
        <span className="admin__toolbar">
          {r.documents.map((d) => (
            <DocumentView key={d.id} application={r.id} document={d} />
          ))}
        </span>
      ),
    },
    { label: view === 'pending' ? 'Submitted' : 'Reviewed', cell: (r) => formatDateTime((view === 'pending' ? r.submitted_at : r.reviewed_at) ?? '') },
    view === 'pending'
      ? { label: 'Review', cell: (r) => <Review application={r} onDone={(text, failed) => (setOutcome({ text, failed }), reload())} /> }
      : { label: 'Decision', cell: (r) => `${r.status === 'approved' ? 'Approved' : 'Rejected'}: ${r.note ?? ''}` },
  ];
  const text = error ?? outcome?.text;
  return (
    <section className="admin__section">
      <h1>Identity checks</h1>
      <ChipGroup label="Checks" chips={VIEWS} value={view} onChange={setView} />
      {text && (
        <p className={error || outcome?.failed ? 'admin__error' : 'admin__notice'} role="status">
          {text}
        </p>
      )}
      {data && <HistoryTable columns={columns} rows={data.data} empty={view === 'pending' ? 'No check is waiting.' : 'No check reviewed yet.'} testId="kyc-row" />}
    </section>
  );
}
