import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { formatDateTime } from '../../format/format.ts';
import { adminSendFor, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { ALERT_KINDS, HARM_SUGGESTIONS, type RiskAlert } from '../../../core/protocol/risk.ts';
import { adminRiskAlertClose, adminRiskAlerts } from '../../../core/protocol/routes/admin.ts';

// /admin/risk: the alert queue (docs/risk.md, "Alerts"): what the scanner found, with its evidence
// as it saw it and a link to the player (whose linked accounts are a section of their page). An
// operator closes an alert as dismissed or acted on, with a note the server keeps and audits.

const VIEWS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

function Close({ alert, onClosed }: { alert: RiskAlert; onClosed: (text: string, failed: boolean) => void }) {
  const [note, setNote] = useState('');
  const close = async (status: 'dismissed' | 'actioned') => {
    const answer = await adminSendFor(adminRiskAlertClose, { params: { id: alert.id }, body: { status, note } });
    onClosed(answer.error ?? answer.data.message, answer.error !== null);
  };
  return (
    <span className="admin__toolbar">
      <TextInput small label="Note" value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
      <Button size="small" variant="secondary" onClick={() => void close('dismissed')}>
        Dismiss
      </Button>
      <Button size="small" onClick={() => void close('actioned')}>
        Acted on
      </Button>
    </span>
  );
}

export default function RiskPage() {
  const [view, setView] = useState<'open' | 'closed'>('open');
  const { data, error, reload } = useAdminData(adminRiskAlerts, { query: { status: view } });
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const columns: readonly HistoryColumn<RiskAlert>[] = [
    { label: 'Player', cell: (r) => <Link to={`/admin/players/${r.player.id}`}>{r.player.name}</Link> },
    {
      label: 'Alert',
      cell: (r) => (
        <>
          {ALERT_KINDS[r.kind]}
          {HARM_SUGGESTIONS[r.kind] && <small className="admin__setting-bounds"> {HARM_SUGGESTIONS[r.kind]}</small>}
        </>
      ),
    },
    { label: 'Evidence', cell: (r) => Object.entries(r.evidence).map(([k, v]) => `${k.replaceAll('_', ' ')}: ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : v}`).join(' · ') },
    { label: 'Raised', cell: (r) => formatDateTime(r.created_at) },
    view === 'open'
      ? { label: 'Close', cell: (r) => <Close alert={r} onClosed={(text, failed) => (setOutcome({ text, failed }), reload())} /> }
      : { label: 'Closed as', cell: (r) => `${r.status === 'actioned' ? 'Acted on' : 'Dismissed'}: ${r.note ?? ''}` },
  ];
  const text = error ?? outcome?.text;
  return (
    <section className="admin__section">
      <h1>Risk alerts</h1>
      <ChipGroup label="Alerts" chips={VIEWS} value={view} onChange={setView} />
      {text && (
        <p className={error || outcome?.failed ? 'admin__error' : 'admin__notice'} role="status">
          {text}
        </p>
      )}
      {data && <HistoryTable columns={columns} rows={data.data} empty={view === 'open' ? 'No open alert.' : 'No closed alert yet.'} testId="alert-row" />}
    </section>
  );
}
