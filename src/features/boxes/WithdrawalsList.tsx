import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { formatDateTime } from '../../format/format.ts';
import { DateField } from '../../components/DateField.tsx';
import { WITHDRAWAL_STATUSES, type Withdrawal } from '../../../core/protocol/shipping.ts';
import './boxes.css';
import { callResponse } from '../../api/call.ts';
import { withdrawalCancel, withdrawals } from '../../../core/protocol/routes/inventory.ts';

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
        <DateField label="From" inputClassName="boxes-select" value={from} onChange={(day) => { setPage(1); setFrom(day); }} />
        <DateField label="To" inputClassName="boxes-select" value={to} onChange={(day) => { setPage(1); setTo(day); }} />
      </div>
      {rows.length === 0 && <p className="boxes-empty">Nothing here yet.</p>}
      <ul className="withdrawals">
        {rows.map((w) => {
          const status = WITHDRAWAL_STATUSES[w.status];
          return (
            <li key={w.id} className="withdrawal" data-status={w.status}>
              <span className="withdrawal__id">#{w.id}</span>
              <span className="withdrawal__what">
                {w.type === 'delivery' ? w.items.map((i) => (i.size ? `${i.item.name} (size ${i.size})` : i.item.name)).join(', ') || 'Delivery' : `${w.currency} → ${w.address}`}
              </span>
              <Coins value={w.amount} />
              <span className="withdrawal__status" style={{ color: COLOURS[status.colour] }}>
                {status.title}
              </span>
              <span className="withdrawal__date">{formatDateTime(w.created_at)}</span>
              {w.can_cancel ? (
                <Button size="small" variant="danger" onClick={() => cancel(w.id)}>
                  Cancel
                </Button>
              ) : (
                <span />
              )}
              {w.steps.length > 0 && (
                <ol className="withdrawal__steps" aria-label={`Steps of #${w.id}`}>
                  {w.steps.map((step) => (
                    <li key={`${step.status}-${step.created_at}`}>
                      {step.status_title} {formatDateTime(step.created_at)}
                      {step.status === 'shipped' && step.tracking_number && <> · tracking number <strong>{step.tracking_number}</strong></>}
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
            Previous
          </Button>
          <span className="box-card__note">
            {page} / {lastPage}
          </span>
          <Button size="small" variant="ghost" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </section>
  );
}
