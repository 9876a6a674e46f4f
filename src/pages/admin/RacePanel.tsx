import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminSelect } from '../../features/admin/AdminSelect.tsx';
import { ANY_SCOPE, ScopeFields } from '../../features/admin/ScopeFields.tsx';
import { adminSendFor } from '../../features/admin/adminApi.ts';
import { Outcome, PanelForm, type FormOutcome } from '../../features/admin/PanelForm.tsx';
import { useCan } from '../../features/admin/staffContext.ts';
import { RACE_METRICS, type ConsoleRaceMetric } from '../../../core/games/races.ts';
import { adminRaceCreate } from '../../../core/protocol/routes/admin.ts';
import { hoursFromNow } from '../../features/admin/hoursFromNow.ts';

// A new race on /admin/settings (docs/rewards.md, "Races"): admins name it, choose what it ranks
// (wagered, best multiplier, net won), what counts (every game, one game or one box), when it starts
// and how long it runs, and the prize of each place (coins, first place first, comma-separated).
// The server checks every field and shows its refusal; the leader node pays the places once at the close.


const METRIC_LABELS: Record<ConsoleRaceMetric, string> = { wagered: 'Most wagered', best_multiplier: 'Best multiplier', net_won: 'Most net won' };

/** "50, 30, 20" → [50, 30, 20]; a piece that is no number stays NaN for the server to refuse. */
const prizesOf = (text: string) => text.split(/[,;\s]+/u).filter(Boolean).map(Number);

export function RacePanel() {
  const canEdit = useCan('admin');
  const [scope, setScope] = useState(ANY_SCOPE);
  const [draft, setDraft] = useState({ name: '', metric: 'wagered' as ConsoleRaceMetric, starts_in: '0', hours: '24', prizes: '50, 30, 20' });
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((d) => ({ ...d, [key]: value }));
  if (!canEdit) return null;
  const create = async () => {
    const now = Date.now();
    const body = { name: draft.name, metric: draft.metric, ...scope, starts_at: hoursFromNow(draft.starts_in, now), ends_at: hoursFromNow(Number(draft.starts_in) + Number(draft.hours), now), prizes: prizesOf(draft.prizes) };
    const { data, error } = await adminSendFor(adminRaceCreate, { body });
    setMessage(error !== null ? { text: error, failed: true } : { text: `${data.message} It shows on /races.`, failed: false });
  };
  return (
    <PanelForm title="New race" testId="race-create" onSubmit={() => void create()}>
      <div className="admin__toolbar">
        <TextInput small label="Name" value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <AdminSelect label="Ranks by" value={draft.metric} onChange={(e) => set('metric', e.currentTarget.value as ConsoleRaceMetric)} options={RACE_METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] }))} />
        <ScopeFields scope={scope} onChange={setScope} />
        <TextInput small label="Starts in (hours)" inputMode="decimal" value={draft.starts_in} onChange={(e) => set('starts_in', e.currentTarget.value.trim())} />
        <TextInput small label="Runs for (hours)" inputMode="decimal" value={draft.hours} onChange={(e) => set('hours', e.currentTarget.value.trim())} />
        <TextInput small label="Prizes by place (coins)" value={draft.prizes} onChange={(e) => set('prizes', e.currentTarget.value)} />
        <Button size="small" type="submit">
          Create race
        </Button>
      </div>
      <Outcome outcome={message} />
    </PanelForm>
  );
}
