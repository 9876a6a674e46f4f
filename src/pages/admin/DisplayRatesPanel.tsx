import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { RowForm, type FormOutcome } from '../../features/admin/PanelForm.tsx';
import { formatDateTime } from '../../format/format.ts';
import { adminDisplayRates, adminDisplayRateUpdate } from '../../../core/protocol/routes/admin.ts';

// The display currencies' rates on /admin/settings (docs/payments.md, "Display currencies"): units
// of each currency per coin and the day the rate was taken. Operators read them; admins set them
// (the server keeps each change and its audit row). A currency without a rate is not offered.

type Row = { currency: 'EUR' | 'BRL' | 'TRY' | 'GBP'; per_coin: number | null; as_of: string | null; updated_at: string | null };

function RateForm({ row, onSaved }: { row: Row; onSaved: () => void }) {
  const canEdit = useCan('admin');
  const [rate, setRate] = useState(row.per_coin === null ? '' : String(row.per_coin));
  const [asOf, setAsOf] = useState(row.as_of ?? '');
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const save = async () => {
    const failed = await adminSend(adminDisplayRateUpdate, { params: { currency: row.currency }, body: { per_coin: Number(rate), as_of: asOf } });
    setMessage(failed ? { text: failed, failed: true } : { text: 'Saved: pages show the new rate from their next load.', failed: false });
    if (!failed) onSaved();
  };
  return (
    <RowForm testId={`display-rate-${row.currency}`} canEdit={canEdit} outcome={message} onSubmit={() => void save()}>
      <strong>{row.currency}</strong>
      <TextInput small label={`${row.currency} per coin`} inputMode="decimal" value={rate} disabled={!canEdit} onChange={(e) => setRate(e.currentTarget.value.trim())} />
      <TextInput small label="Rate of (YYYY-MM-DD)" value={asOf} disabled={!canEdit} onChange={(e) => setAsOf(e.currentTarget.value.trim())} />
      <span className="admin__muted">{row.updated_at ? `Set ${formatDateTime(row.updated_at)}` : 'Not offered until set'}</span>
    </RowForm>
  );
}

export function DisplayRatesPanel() {
  const { data, error, reload } = useAdminData(adminDisplayRates, {});
  return (
    <div className="admin__panel" data-testid="display-rates">
      <h2>Display currencies</h2>
      <p>Players may see an approximate value in one of these beside their balance and prices; coins stay what everything is paid in. One coin is one US dollar.</p>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      {data?.data.map((row) => <RateForm key={`${row.currency}-${row.updated_at}`} row={row} onSaved={reload} />)}
    </div>
  );
}
