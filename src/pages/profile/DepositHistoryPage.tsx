import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorText, send } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { formatDateTime } from '../../format/format.ts';
import { DateField } from '../../components/DateField.tsx';
import { GATEWAYS, PAYMENT_STATUSES, type Gateway, type Invoice, type InvoicePage } from '../../../core/protocol/deposit.ts';
import './depositHistory.css';
import { OwnBonusPanel } from '../../features/bonuses/BonusPanel.tsx';
import { callResponse } from '../../api/call.ts';
import { invoices } from '../../../core/protocol/routes/payments.ts';
import type { CallInput } from '../../../core/protocol/route.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import depositMessages from '../../features/deposit/i18n/en-US.json';
import boxesMessages from '../../features/boxes/i18n/en-US.json';

const t = translator(messages);
const tDeposit = translator(depositMessages);
const tBoxes = translator(boxesMessages);
/** Each gateway by the name the deposit dialog gives its method. */
const GATEWAY_NAMES: Record<Gateway, keyof typeof depositMessages> = { zen: 'methodCard', skinsback: 'methodSkins', alphapo: 'methodCrypto' };

// /profile/deposit: the player's invoices with the filters gateway, from and to (kept in the URL)
// and "Load more" paging through links.next (docs/product.md §3, §7).
export default function DepositHistoryPage() {
  const [params, setParams] = useSearchParams();
  const gateway = params.get('gateway') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const [rows, setRows] = useState<Invoice[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    callResponse(invoices, { query: { gateway: gateway || undefined, from: from || undefined, to: to || undefined } as CallInput<typeof invoices>['query'] })
      .then((r) => {
        if (!live) return;
        setRows(r.data.data);
        setNext(r.data.links.next);
        setTotal(r.data.meta.total);
        setError(null);
      })
      .catch((e: unknown) => live && setError(apiErrorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [gateway, from, to]);

  const loadMore = async () => {
    if (!next) return;
    setLoading(true);
    try {
      const r = await send<InvoicePage>({ method: 'GET', path: next }); // the answer's own link, path and query
      setRows((prev) => [...prev, ...r.data.data]);
      setNext(r.data.links.next);
    } catch (e) {
      setError(apiErrorText(e));
    } finally {
      setLoading(false);
    }
  };

  const setFilter = (key: string, value: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (value) p.set(key, value);
      else p.delete(key);
      return p;
    });

  return (
    <section className="deposit-history">
      <h1>{t('navDeposits')}</h1>
      <OwnBonusPanel />
      <div className="deposit-history__filters">
        <label>
          {t('method')}
          <select value={gateway} onChange={(e) => setFilter('gateway', e.target.value)} aria-label={t('gateway')}>
            <option value="">{t('all')}</option>
            {GATEWAYS.map((g) => (
              <option key={g} value={g}>
                {tDeposit(GATEWAY_NAMES[g])}
              </option>
            ))}
          </select>
        </label>
        <DateField label={tBoxes('dateFrom')} value={from} onChange={(day) => setFilter('from', day)} />
        <DateField label={tBoxes('dateTo')} value={to} onChange={(day) => setFilter('to', day)} />
        <span className="deposit-history__total">{t('total', { total })}</span>
      </div>
      {error && <p className="deposit-history__error">{error}</p>}
      <table className="deposit-history__table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('date')}</th>
            <th>{t('method')}</th>
            <th>{t('amount')}</th>
            <th>{t('bonus')}</th>
            <th>{t('status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="invoice-row">
              <td>{r.id}</td>
              <td>{formatDateTime(r.created_at)}</td>
              <td>
                {tDeposit(GATEWAY_NAMES[r.gateway])}
                {r.gateway === 'alphapo' && <small> {r.currency}</small>}
              </td>
              <td>
                <Coins value={r.amount} />
              </td>
              <td>{r.bonus > 0 ? <Coins value={r.bonus} /> : '—'}</td>
              <td>
                <span className={`payment-status payment-status--${PAYMENT_STATUSES[r.status].color}`}>{r.status_title}</span>
              </td>
            </tr>
          ))}
          {!loading && rows.length === 0 && (
            <tr>
              <td colSpan={6} className="deposit-history__empty">
                {t('noDeposits')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {next && (
        <Button variant="secondary" loading={loading} onClick={loadMore}>
          {t('loadMore')}
        </Button>
      )}
    </section>
  );
}
