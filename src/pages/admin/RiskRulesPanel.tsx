import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { Outcome, PanelForm, type FormOutcome } from '../../features/admin/PanelForm.tsx';
import type { RiskRules } from '../../../core/protocol/risk.ts';
import { adminRiskRules, adminRiskRulesUpdate } from '../../../core/protocol/routes/admin.ts';

// The risk rules on /admin/settings (docs/risk.md, "Rules"): what the shop refuses inside a cluster
// of linked accounts. Operators read them; admins change them (the server writes the audit row).

const RULES: readonly { name: keyof RiskRules; label: string }[] = [
  { name: 'no_tips_in_cluster', label: 'Refuse tips between linked accounts' },
  { name: 'one_rain_share_per_cluster', label: 'One rain share per cluster of linked accounts' },
  { name: 'one_code_per_cluster', label: 'A promo code once per cluster of linked accounts' },
];

function RulesForm({ rules, onSaved }: { rules: RiskRules; onSaved: () => void }) {
  const canEdit = useCan('admin');
  const [draft, setDraft] = useState(rules);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const save = async () => {
    const failed = await adminSend(adminRiskRulesUpdate, { body: draft });
    setMessage(failed ? { text: failed, failed: true } : { text: 'Saved: the next tip, rain join and promo code follow it.', failed: false });
    if (!failed) onSaved();
  };
  return (
    <PanelForm title="Linked accounts" testId="risk-rules" onSubmit={() => void save()}>
      <p className="admin__setting-bounds">Accounts are linked by a shared device, crypto withdrawal address or shipping address (a shared sign-in address alone links none).</p>
      {RULES.map((r) => (
        <Checkbox key={r.name} label={r.label} checked={draft[r.name]} disabled={!canEdit} onChange={(e) => setDraft((d) => ({ ...d, [r.name]: e.currentTarget.checked }))} />
      ))}
      {canEdit && (
        <Button size="small" type="submit">
          Save
        </Button>
      )}
      <Outcome outcome={message} />
    </PanelForm>
  );
}

/** The rules once read (the form starts from the server's values); a refusal to read them in red. */
export function RiskRulesPanel() {
  const { data, error, reload } = useAdminData(adminRiskRules, {});
  if (error)
    return (
      <p className="admin__error" role="alert">
        {error}
      </p>
    );
  return data ? <RulesForm rules={data.data} onSaved={reload} /> : null;
}
