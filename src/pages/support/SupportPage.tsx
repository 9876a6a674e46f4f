import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { LifeBuoy, Plus } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { formatDateTime } from '../../format/format.ts';
import { useSupportNotices } from '../../features/support/supportNotices.ts';
import { applyServerErrors } from '../../features/auth/formErrors.ts';
import {
  SUPPORT_LIMITS,
  supportMessageRequest,
  type SupportMessageRequest,
  type SupportTicket,
  type SupportTicketDetail,
} from '../../../core/protocol/support.ts';
import './support.css';
import { callResponse } from '../../api/call.ts';
import { supportMessageSend, supportTicket, supportTickets } from '../../../core/protocol/routes/player.ts';
import { richText } from '../../i18n/richText.tsx';
import { categoryTitle, statusText, t } from './i18n/supportText.ts';

export function StatusBadge({ status }: { status: SupportTicket['status'] }) {
  return <span className={`support-status support-status--${status}`}>{statusText(status)}</span>;
}

function TicketThread({ id, onChanged }: { id: number; onChanged: () => void }) {
  const [ticket, setTicket] = useState<SupportTicketDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useSupportNotices((s) => s.version);
  const form = useFormEngine<SupportMessageRequest>(supportMessageRequest, { defaultValues: { message: '' } });

  const load = useCallback(() => {
    callResponse(supportTicket, { params: { id } })
      .then((r) => {
        setTicket(r.data.data);
        setError(null);
      })
      .catch((e: unknown) => setError(apiErrorText(e)));
  }, [id]);
  useEffect(load, [load, version]);

  const send = form.handleSubmit(async (values) => {
    try {
      const res = await callResponse(supportMessageSend, { params: { id }, body: values });
      toast.success(res.data.msg);
      form.reset({ message: '' });
      load();
      onChanged();
    } catch (e) {
      applyServerErrors(e, form.setError, ['message']);
      toast.error(apiErrorText(e));
    }
  });

  if (error) return <p className="support__empty">{error}</p>;
  if (!ticket) return <div className="support-thread" aria-busy="true" />;
  return (
    <article className="support-thread" aria-label={t('ticketLabel', { subject: ticket.subject })}>
      <header className="support-thread__head">
        <div>
          <h3>{ticket.subject}</h3>
          <p>
            {t('ticketMeta', { id: ticket.id, category: categoryTitle(ticket.category), date: formatDateTime(ticket.created_at) })}
          </p>
        </div>
        <StatusBadge status={ticket.status} />
      </header>
      <ol className="support-thread__messages">
        {ticket.messages.map((m) => (
          <li key={m.id} className={`support-message support-message--${m.author}`}>
            <span className="support-message__who">{m.author === 'operator' ? t('supportTeam') : t('you')}</span>
            {/* Shown as text: whatever was typed stays text, never markup. */}
            <p className="support-message__text">{m.message}</p>
            <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
          </li>
        ))}
      </ol>
      {ticket.status === 'closed' ? (
        <p className="support__empty">
          {richText(t, 'ticketClosed', { link: <Link to="/profile/support/create">{t('createNewOne')}</Link> })}
        </p>
      ) : (
        <form className="support-reply" onSubmit={send} noValidate aria-label={t('reply')}>
          <label className="text-input__label" htmlFor="support-reply">
            {t('yourMessage')}
          </label>
          <textarea id="support-reply" className="support-textarea" rows={4} maxLength={SUPPORT_LIMITS.messageMax} {...form.register('message')} aria-invalid={form.formState.errors.message ? true : undefined} />
          {form.formState.errors.message && <span className="support-error">{form.formState.errors.message.message}</span>}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('send')}
          </Button>
        </form>
      )}
    </article>
  );
}

// /profile/support: the player's tickets, newest activity first; `?ticket=` opens one with its
// messages and the reply form. An operator's answer arrives live (realtime notice) and by mail.
export default function SupportPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('ticket')) || null;
  const [tickets, setTickets] = useState<SupportTicket[] | null>(null);
  const version = useSupportNotices((s) => s.version);

  const load = useCallback(() => {
    callResponse(supportTickets, {})
      .then((r) => setTickets(r.data.data))
      .catch((e: unknown) => toast.error(apiErrorText(e)));
  }, []);
  useEffect(load, [load, version]);

  return (
    <div className="support">
      <header className="support__hero">
        <LifeBuoy size={36} aria-hidden className="support__icon" />
        <div>
          <h2>{t('support')}</h2>
          <p>{t('supportLead')}</p>
        </div>
        <Link className="btn btn--primary btn--medium" to="/profile/support/create">
          <Plus size={16} aria-hidden /> {t('newTicket')}
        </Link>
      </header>
      <div className={selected ? 'support__grid support__grid--open' : 'support__grid'}>
        <nav className="support__list" aria-label={t('yourTickets')}>
          {tickets === null ? null : tickets.length === 0 ? (
            <p className="support__empty">{t('noTickets')}</p>
          ) : (
            tickets.map((ticket) => (
              <button key={ticket.id} type="button" className={ticket.id === selected ? 'support-row support-row--active' : 'support-row'} onClick={() => setParams({ ticket: String(ticket.id) })}>
                <span className="support-row__subject">{ticket.subject}</span>
                <span className="support-row__meta">
                  {categoryTitle(ticket.category)} · {formatDateTime(ticket.updated_at)}
                </span>
                <StatusBadge status={ticket.status} />
              </button>
            ))
          )}
        </nav>
        {selected ? <TicketThread key={selected} id={selected} onChanged={load} /> : <p className="support__empty support__pick">{t('chooseTicket')}</p>}
      </div>
    </div>
  );
}
