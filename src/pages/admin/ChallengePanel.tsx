import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminSelect } from '../../features/admin/AdminSelect.tsx';
import { adminSendFor } from '../../features/admin/adminApi.ts';
import { useCan } from '../../features/admin/staffContext.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import { adminChallengeCreate } from '../../../core/protocol/routes/admin.ts';

// A new challenge on /admin/settings (docs/rewards.md, "Challenges"): admins set the game, the
// multiplier to reach, the smallest stake, the prize, how many players win and how long it runs.
// The server checks every field (its refusal is shown) and writes the audit row; a box's challenge
// is the API's (box_id).

const HOUR_MS = 3600_000;

export function ChallengePanel() {
  const canEdit = useCan('admin');
  const [draft, setDraft] = useState({ name: '', game: '', multiplier: '2', min_stake: '1', prize: '10', winners: '3', hours: '24' });
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const set = (key: keyof typeof draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  if (!canEdit) return null;
  const create = async () => {
    const body = {
      name: draft.name,
      game: draft.game === '' ? null : draft.game,
      box_id: null,
      multiplier: Number(draft.multiplier),
      min_stake: Number(draft.min_stake),
      prize: Number(draft.prize),
      winners: Number(draft.winners),
      ends_at: new Date(Date.now() + Number(draft.hours) * HOUR_MS).toISOString(),
    };
    const { data, error } = await adminSendFor(adminChallengeCreate, { body });
    setMessage(error !== null ? { text: error, failed: true } : { text: `${data.message} It shows on /missions.`, failed: false });
  };
  return (
    <form
      className="admin__panel"
      data-testid="challenge-create"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <h2>New challenge</h2>
      <div className="admin__toolbar">
        <TextInput small label="Name" value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <AdminSelect label="Game" value={draft.game} onChange={(e) => set('game', e.currentTarget.value)} options={[{ value: '', label: 'Any game' }, ...GAME_IDS.map((g) => ({ value: g, label: GAMES[g].historyLabel }))]} />
        <TextInput small label="Multiplier to reach" inputMode="decimal" value={draft.multiplier} onChange={(e) => set('multiplier', e.currentTarget.value.trim())} />
        <TextInput small label="Smallest stake" inputMode="decimal" value={draft.min_stake} onChange={(e) => set('min_stake', e.currentTarget.value.trim())} />
        <TextInput small label="Prize each" inputMode="decimal" value={draft.prize} onChange={(e) => set('prize', e.currentTarget.value.trim())} />
        <TextInput small label="Winners" inputMode="numeric" value={draft.winners} onChange={(e) => set('winners', e.currentTarget.value.trim())} />
        <TextInput small label="Runs for (hours)" inputMode="decimal" value={draft.hours} onChange={(e) => set('hours', e.currentTarget.value.trim())} />
        <Button size="small" type="submit">
          Create challenge
        </Button>
      </div>
      {message && (
        <span className={message.failed ? 'admin__error' : 'admin__notice'} role="status">
          {message.text}
        </span>
      )}
    </form>
  );
}
