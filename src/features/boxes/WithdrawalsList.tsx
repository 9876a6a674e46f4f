import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { formatDateTime } from '../../format/format.ts';
import { DateField } from '../../components/DateField.tsx';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_KEYS, type Withdrawal } from '../../../core/protocol/shipping.ts';
import './boxes.css';
import { callResponse } from '../../api/call.ts';
import { withdrawalCancel, withdrawals } from '../../../core/protocol/routes/inventory.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Withdrawals of one type with their status titles and colours (docs/product.md §4), date filters, paging
// and cancel while new; under a row, each step an operator moved it through, with the parcel's
// tracking number once shipped (docs/operator-console.md, "Shipping"). `version` reloads the list after the page created one.


const COLOURS: Record<string, string> = { white: 'var(--text)', orange: '#ff9f1c', blue: '#4da3ff', green: 'var(--accent)', red: 'var(--danger)' };

export function WithdrawalsList({ type, version = 0, onChanged }: { type: 'delivery' | 'crypto'; version?: number; onChanged?: () => void }) {
  const [rows, setRows] = useState<Withdrawal[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);

  const load = useCallback(async () => {
    const r = await callResponse(withdrawals, { query: { type, from: from || undefined, to: to || undefined, page } });
    setRows(r.data.data);
    setLastPage(r.data.meta.last_page);
  }, [type, from, to, page]);

  useEffect(() => {
    void load().catch((e) => toast.error(apiErrorText(e)));
  }, [load, version]);

  async function cancel(id: number) {
    try {
      const r = await callResponse(withdrawalCancel, { params: { id } });
      toast.success(r.data.msg);
      await load();
      onChanged?.();
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  }

  return (
    <section className="box-section" data-testid={`withdrawals-${type}`}>
      <div className="boxes-filters">
        <DateField label={t('dateFrom')} inputClassName="boxes-select" value={from} onChange={(day) => { setPage(1); setFrom(day); }} />
        <DateField label={t('dateTo')} inputClassName="boxes-select" value={to} onChange={(day) => { setPage(1); setTo(day); }} />
      </div>
      {rows.length === 0 && <p className="boxes-empty">{t('nothingYet')}</p>}
      <ul className="withdrawals">
        {rows.map((w) => {
          const status = WITHDRAWAL_STATUSES[w.status];
          return (
            <li key={w.id} className="withdrawal" data-status={w.status}>
              <span className="withdrawal__id">#{w.id}</span>
              <span className="withdrawal__what">
                {w.type === 'delivery' ? w.items.map((i) => (i.size ? t('itemWithSize', { name: i.item.name, size: i.size }) : i.item.name)).join(', ') || t('delivery') : `${w.currency} → ${w.address}`}
              </span>
              <Coins value={w.amount} />
              <span className="withdrawal__status" style={{ color: COLOURS[status.colour] }}>
                {t(WITHDRAWAL_STATUS_KEYS[w.status])}
              </span>
              <span className="withdrawal__date">{formatDateTime(w.created_at)}</span>
              {w.can_cancel ? (
                <Button size="small" variant="danger" onClick={() => cancel(w.id)}>
                  {t('cancel')}
                </Button>
              ) : (
                <span />
              )}
              {w.steps.length > 0 && (
                <ol className="withdrawal__steps" aria-label={t('stepsOf', { id: String(w.id) })}>
                  {w.steps.map((step) => (
                    <li key={`${step.status}-${step.created_at}`}>
                      {t(WITHDRAWAL_STATUS_KEYS[step.status])} {formatDateTime(step.created_at)}
                      {step.status === 'shipped' && step.tracking_number && <> · {t('trackingNumber')} <strong>{step.tracking_number}</strong></>}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ul>
      {lastPage > 1 && (
        <div className="boxes-more">
          <Button size="small" variant="ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <span className="box-card__note">
            {page} / {lastPage}
          </span>
          <Button size="small" variant="ghost" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
            {t('next')}
          </Button>
        </div>
      )}
    </section>
  );
}
