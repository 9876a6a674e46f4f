import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { RowForm, type FormOutcome } from '../../features/admin/PanelForm.tsx';
import type { VipTierRow } from '../../../core/protocol/vip.ts';
import { adminVip, adminVipUpdate } from '../../../core/protocol/routes/admin.ts';

// The VIP rates on /admin/settings (docs/vip.md, "Rates"): each rank's rakeback share of the house
// edge and rank-up bonus. Operators read them; admins change them, in force for bets settled from
// then on (the server keeps the history and writes the audit row; the bounds are its refusal).

function RankForm({ row, onSaved }: { row: VipTierRow; onSaved: () => void }) {
  const canEdit = useCan('admin');
  const [rakeback, setRakeback] = useState(String(row.rakeback_percent));
  const [bonus, setBonus] = useState(String(row.rank_bonus));
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const save = async () => {
    const failed = await adminSend(adminVipUpdate, { params: { tier: row.tier }, body: { rakeback_percent: Number(rakeback), rank_bonus: Number(bonus) } });
    setMessage(failed ? { text: failed, failed: true } : { text: 'Saved: bets settled from now on earn the new rate.', failed: false });
    if (!failed) onSaved();
  };
  return (
    <RowForm testId={`vip-rates-${row.tier}`} canEdit={canEdit} outcome={message} onSubmit={() => void save()}>
      <strong>
        {row.name} (level {row.min_level}+)
      </strong>
      <TextInput small label="Rakeback, % of the edge" inputMode="decimal" value={rakeback} disabled={!canEdit} onChange={(e) => setRakeback(e.currentTarget.value.trim())} />
      <TextInput small label="Rank-up bonus" inputMode="decimal" value={bonus} disabled={!canEdit} onChange={(e) => setBonus(e.currentTarget.value.trim())} />
    </RowForm>
  );
}

export function VipRatesPanel() {
  const { data, error, reload } = useAdminData(adminVip, {});
  return (
    <div className="admin__panel" data-testid="vip-rates">
      <h2>VIP rates</h2>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      {data?.data.map((row) => <RankForm key={row.tier} row={row} onSaved={reload} />)}
    </div>
  );
}
