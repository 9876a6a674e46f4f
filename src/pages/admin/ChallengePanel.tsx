import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ANY_SCOPE, ScopeFields } from '../../features/admin/ScopeFields.tsx';
import { adminSendFor } from '../../features/admin/adminApi.ts';
import { Outcome, PanelForm, type FormOutcome } from '../../features/admin/PanelForm.tsx';
import { useCan } from '../../features/admin/staffContext.ts';
import { adminChallengeCreate } from '../../../core/protocol/routes/admin.ts';
import { hoursFromNow } from '../../features/admin/hoursFromNow.ts';

// A new challenge on /admin/settings (docs/rewards.md, "Challenges"): admins set the game, the
// multiplier to reach, the smallest stake, the prize, how many players win and how long it runs; a
// challenge counts every game, one game or one box's openings (ScopeFields). The server checks every
// field (its refusal is shown) and writes the audit row.

export function ChallengePanel() {
  const canEdit = useCan('admin');
  const [scope, setScope] = useState(ANY_SCOPE);
  const [draft, setDraft] = useState({ name: '', multiplier: '2', min_stake: '1', prize: '10', winners: '3', hours: '24' });
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const set = (key: keyof typeof draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  if (!canEdit) return null;
  const create = async () => {
    const body = {
      name: draft.name,
      ...scope,
      multiplier: Number(draft.multiplier),
      min_stake: Number(draft.min_stake),
      prize: Number(draft.prize),
      winners: Number(draft.winners),
      ends_at: hoursFromNow(draft.hours),
    };
    const { data, error } = await adminSendFor(adminChallengeCreate, { body });
    setMessage(error !== null ? { text: error, failed: true } : { text: `${data.message} It shows on /missions.`, failed: false });
  };
  return (
    <PanelForm title="New challenge" testId="challenge-create" onSubmit={() => void create()}>
      <div className="admin__toolbar">
        <TextInput small label="Name" value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <ScopeFields scope={scope} onChange={setScope} />
        <TextInput small label="Multiplier to reach" inputMode="decimal" value={draft.multiplier} onChange={(e) => set('multiplier', e.currentTarget.value.trim())} />
        <TextInput small label="Smallest stake" inputMode="decimal" value={draft.min_stake} onChange={(e) => set('min_stake', e.currentTarget.value.trim())} />
        <TextInput small label="Prize each" inputMode="decimal" value={draft.prize} onChange={(e) => set('prize', e.currentTarget.value.trim())} />
        <TextInput small label="Winners" inputMode="numeric" value={draft.winners} onChange={(e) => set('winners', e.currentTarget.value.trim())} />
        <TextInput small label="Runs for (hours)" inputMode="decimal" value={draft.hours} onChange={(e) => set('hours', e.currentTarget.value.trim())} />
        <Button size="small" type="submit">
          Create challenge
        </Button>
      </div>
      <Outcome outcome={message} />
    </PanelForm>
  );
}
