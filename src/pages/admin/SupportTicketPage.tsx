import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminParams } from '../../features/admin/staffContext.ts';
import { Button } from '../../components/Button.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { formatDateTime } from '../../format/format.ts';
import { SUPPORT_CATEGORY_TITLES, SUPPORT_LIMITS } from '../../../core/protocol/support.ts';
import './playersSupport.css';
import { adminSupportClose, adminSupportNote, adminSupportReopen, adminSupportReply, adminSupportTicket } from '../../../core/protocol/routes/admin.ts';

// /admin/support/:id: one ticket with the player's messages and the team's replies, and the team's
// internal notes apart (marked, never shown to the player). Reply (the player is told live and by
// mail), add a note, close or reopen. Texts are shown as text, never as markup.

function TextForm({ label, field, done, send }: { label: string; field: string; done: string; send: (text: string) => Promise<string | null> }) {
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `ticket-${field}`;
  return (
    <form
      className="admin__panel"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void send(text).then((failed) => {
          setBusy(false);
          setOutcome(failed ? { text: failed, failed: true } : { text: done, failed: false });
          if (!failed) setText('');
        });
      }}
    >
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="admin__textarea" rows={4} maxLength={SUPPORT_LIMITS.messageMax} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <Button type="submit" size="small" loading={busy} disabled={!text.trim()}>
        {label}
      </Button>
      {outcome && (
        <p className={outcome.failed ? 'admin__error' : 'admin__notice'} role="status">
          {outcome.text}
        </p>
      )}
    </form>
  );
}

const ACTIONS = { replies: adminSupportReply, notes: adminSupportNote, close: adminSupportClose, reopen: adminSupportReopen };

export default function SupportTicketPage() {
  const id = Number(useAdminParams().id);
  const { data: ticket, error, reload } = useAdminData(adminSupportTicket, { params: { id: id } });
  const [actionError, setActionError] = useState<string | null>(null);
  const act = async (method: keyof typeof ACTIONS, body: unknown) => {
    // Each action's body is its form's (the forms build them); the table's types stop at the map here.
    const failed = await adminSend(ACTIONS[method], { params: { id }, body } as never);
    if (!failed) reload();
    return failed;
  };
  if (error)
    return (
      <p className="admin__error" role="alert">
        {error}
      </p>
    );
  if (!ticket) return <p aria-busy="true">Loading…</p>;
  const closed = ticket.status === 'closed';
  return (
    <section className="admin__section admin-detail">
      <h1>
        #{ticket.id} {ticket.subject}
      </h1>
      <p className="admin__notice">
        <span data-testid="ticket-status">{ticket.status}</span> · {SUPPORT_CATEGORY_TITLES[ticket.category as keyof typeof SUPPORT_CATEGORY_TITLES] ?? ticket.category} · opened {formatDateTime(ticket.created_at)} by{' '}
        <Link to={`/admin/players/${ticket.user_id}`}>{`${ticket.name} <${ticket.email}>`}</Link>
      </p>
      <ol className="admin-support__thread" aria-label="Messages">
        {ticket.messages.map((m) => (
          <li key={m.id} className={`admin-support__message admin-support__message--${m.author}`} data-testid="ticket-message">
            <strong>{m.author === 'operator' ? 'Support team' : ticket.name}</strong> <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            <p>{m.message}</p>
          </li>
        ))}
      </ol>
      <h2>Internal notes</h2>
      <ol className="admin-support__thread" aria-label="Internal notes">
        {ticket.notes.length === 0 && <li className="admin__notice">No notes.</li>}
        {ticket.notes.map((n) => (
          <li key={n.id} className="admin-support__message admin-support__message--note" data-testid="ticket-note">
            <strong>{n.author}</strong> <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
            <p>{n.note}</p>
          </li>
        ))}
      </ol>
      {!closed && <TextForm label="Reply to the player" field="reply" done="Reply sent; the player is told live and by mail." send={(message) => act('replies', { message })} />}
      <TextForm label="Add an internal note" field="note" done="Note added; only the team sees it." send={(note) => act('notes', { note })} />
      <div className="admin__toolbar">
        <Button size="small" variant={closed ? 'primary' : 'secondary'} onClick={() => void act(closed ? 'reopen' : 'close', undefined).then(setActionError)}>
          {closed ? 'Reopen ticket' : 'Close ticket'}
        </Button>
      </div>
      {actionError && (
        <p className="admin__error" role="alert">
          {actionError}
        </p>
      )}
    </section>
  );
}
