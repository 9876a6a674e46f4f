import { formatDateTime } from '../../format/format.ts';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminPager } from '../../features/admin/AdminPager.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { HistoryTable, type HistoryColumn } from '../../features/history/HistoryTable.tsx';
import { formatCoins } from '../../../core/money/cents.ts';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../core/protocol/shipping.ts';
import type { AdminWithdrawal, OperatorMove } from '../../../core/protocol/adminShipping.ts';
import { adminWithdrawalMove, adminWithdrawals } from '../../../core/protocol/routes/admin.ts';

// /admin/shipping (docs/operator-console.md, "Shipping"): the deliveries and crypto withdrawals to
// handle, by status; each row offers the moves its status allows (the server checks them again):
// start processing, ship with the tracking number, mark delivered (done), or cancel, which gives
// the items (or coins) back to the player.

const STATUS_CHIPS = [{ value: '', label: 'All' }, ...(Object.keys(WITHDRAWAL_STATUSES) as WithdrawalStatus[]).filter((s) => s !== 'canceled_by_user').map((value) => ({ value, label: WITHDRAWAL_STATUSES[value].title }))] as {
  value: WithdrawalStatus | '';
  label: string;
}[];

/** The moves a row offers, by its status and type. */
function movesOf(w: AdminWithdrawal): { to: OperatorMove; label: string }[] {
  if (w.status === 'new') return [{ to: 'in_processing', label: 'Start processing' }, { to: 'canceled', label: 'Cancel' }];
  if (w.status === 'in_processing') return [w.type === 'delivery' ? { to: 'shipped', label: 'Ship' } : { to: 'done', label: 'Mark done' }, { to: 'canceled', label: 'Cancel' }];
  if (w.status === 'shipped') return [{ to: 'done', label: 'Mark delivered' }];
  return [];
}

function Moves({ w, onMove }: { w: AdminWithdrawal; onMove: (w: AdminWithdrawal, to: OperatorMove, tracking?: string) => void }) {
  const [tracking, setTracking] = useState('');
  const moves = movesOf(w);
  if (!moves.length) return null;
  return (
    <span className="admin__moves">
      {moves.some((m) => m.to === 'shipped') && <TextInput small label={`Tracking number of #${w.id}`} value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} />}
      {moves.map((m) => (
        <Button key={m.to} size="small" variant={m.to === 'canceled' ? 'danger' : 'primary'} onClick={() => onMove(w, m.to, m.to === 'shipped' ? tracking : undefined)}>
          {m.label}
        </Button>
      ))}
    </span>
  );
}

export default function ShippingQueuePage() {
  const [status, setStatus] = useState<WithdrawalStatus | ''>('new');
  const [type, setType] = useState<'delivery' | 'crypto'>('delivery');
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data, error: loadError, loading, reload } = useAdminData(adminWithdrawals, { query: { status, type, user_id: /^\d+$/.test(userId) ? userId : undefined, page } });
  const move = async (w: AdminWithdrawal, to: OperatorMove, tracking?: string) => {
    const failed = await adminSend(adminWithdrawalMove, { params: { id: w.id }, body: { to, ...(tracking !== undefined && { tracking_number: tracking }) } });
    setError(failed);
    setMessage(failed ? null : `#${w.id} is now ${WITHDRAWAL_STATUSES[to].title}.`);
    if (!failed) reload();
  };
  const columns: readonly HistoryColumn<AdminWithdrawal>[] = [
    { label: 'Id', cell: (w) => `#${w.id}` },
    {
      label: 'Player',
      cell: (w) => (
        <>
          {w.player.name} (#{w.user_id}) · <span data-testid="risk-score-cell">risk {w.player.risk_score}</span>
          <br />
          {w.player.email}
          <br />
          <span>
            Deposited {formatCoins(w.player.deposited)} · Wagered {formatCoins(w.player.wagered)} · Bonuses {formatCoins(w.player.bonuses)}
            {w.player.bonus_to_wager > 0 && ` (${formatCoins(w.player.bonus_to_wager)} still to wager)`}
          </span>
          {w.player.open_bonuses.map((b, i) => (
            <span key={i} data-testid="open-bonus">
              <br />
              Open bonus {formatCoins(b.amount)}: wagered {formatCoins(b.wagered)} of {formatCoins(b.requirement)}, expires {formatDateTime(b.expires_at)}
            </span>
          ))}
        </>
      ),
    },
    {
      label: 'What',
      cell: (w) =>
        w.type === 'delivery'
          ? `${w.items.map((i) => (i.size ? `${i.item.name} (size ${i.size})` : i.item.name)).join(', ')} to ${w.shipping_address?.city ?? '?'}, ${w.shipping_address?.country ?? '?'}`
          : `${formatCoins(w.amount)} coins in ${w.currency} to ${w.address}`,
    },
    { label: 'Status', cell: (w) => WITHDRAWAL_STATUSES[w.status].title + (w.tracking_number ? ` · ${w.tracking_number}` : '') },
    { label: 'Requested', cell: (w) => formatDateTime(w.created_at) },
    { label: 'Move', cell: (w) => <Moves w={w} onMove={(row, to, tracking) => void move(row, to, tracking)} /> },
  ];
  return (
    <section className="admin__section">
      <h1>Shipping</h1>
      <div className="admin__toolbar">
        <ChipGroup label="Type" chips={[{ value: 'delivery', label: 'Deliveries' }, { value: 'crypto', label: 'Crypto' }]} value={type} onChange={(t) => (setType(t), setPage(1))} />
        <ChipGroup label="Status" chips={STATUS_CHIPS} value={status} onChange={(s) => (setStatus(s), setPage(1))} />
        <TextInput small label="Player id" inputMode="numeric" value={userId} onChange={(e) => (setUserId(e.currentTarget.value.trim()), setPage(1))} />
      </div>
      {(error ?? loadError ?? message) && (
        <p className={error || loadError ? 'admin__error' : 'admin__notice'} role={error || loadError ? 'alert' : 'status'}>
          {error ?? loadError ?? message}
        </p>
      )}
      <div className="admin__wide" aria-busy={loading}>{data && <HistoryTable columns={columns} rows={data.data} empty="Nothing to handle here." testId="shipping-row" />}</div>
      <AdminPager page={data} loading={loading} onPage={setPage} />
    </section>
  );
}
