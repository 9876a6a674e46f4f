import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { adminSend, useAdminData } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { Outcome, type FormOutcome } from '../../features/admin/PanelForm.tsx';
import { formatDateTime } from '../../format/format.ts';
import type { KillSwitchView } from '../../../core/protocol/killSwitches.ts';
import { adminKillSwitchUpdate, adminKillSwitches } from '../../../core/protocol/routes/admin.ts';

// The kill switches on /admin/settings (docs/operator-console.md, "Kill switches"): each game and
// feature with its state. Staff read them; admins switch one off (with an optional message players
// read instead of the default) or on, after a confirmation; every server applies it at once.

function SwitchRow({ row, onSaved }: { row: KillSwitchView; onSaved: () => void }) {
  const canEdit = useCan('admin');
  const [message, setMessage] = useState(row.message ?? '');
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const toggle = async () => {
    const enabled = !row.enabled;
    const question = enabled ? `Switch ${row.title} back on for every player?` : `Switch ${row.title} off for every player now? Players will read: "${message.trim() || row.default_message}"`;
    if (!window.confirm(question)) return;
    const failed = await adminSend(adminKillSwitchUpdate, { params: { key: row.key }, body: { enabled, message: enabled ? null : message } });
    setOutcome(failed ? { text: failed, failed: true } : { text: enabled ? 'Switched on on every server.' : 'Switched off on every server.', failed: false });
    if (!failed) onSaved();
  };
  return (
    <div className="admin__toolbar" data-testid={`kill-switch-${row.key}`} data-enabled={row.enabled}>
      <strong>{row.title}</strong>
      <span>{row.enabled ? 'On' : `Off: ${row.message ?? row.default_message}`}</span>
      {row.updated_at && (
        <span className="admin__setting-bounds">
          {row.updated_by?.name ?? 'ops command'}, {formatDateTime(row.updated_at)}
        </span>
      )}
      {canEdit && row.enabled && <TextInput small label="Message to players (optional)" value={message} maxLength={200} onChange={(e) => setMessage(e.currentTarget.value)} />}
      {canEdit && (
        <Button size="small" variant={row.enabled ? 'danger' : 'primary'} onClick={() => void toggle()}>
          {row.enabled ? 'Switch off' : 'Switch on'}
        </Button>
      )}
      <Outcome outcome={outcome} />
    </div>
  );
}

export function KillSwitchesPanel() {
  const { data, error, reload } = useAdminData(adminKillSwitches, {});
  return (
    <div className="admin__panel" data-testid="kill-switches">
      <h2>Kill switches</h2>
      {error && (
        <p className="admin__error" role="alert">
          {error}
        </p>
      )}
      {data?.data.map((row) => <SwitchRow key={row.key} row={row} onSaved={reload} />)}
    </div>
  );
}
