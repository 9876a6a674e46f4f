import { useEffect, useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { AdminSelect } from './AdminSelect.tsx';
import { useAdminData } from './adminApi.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import { adminBoxes } from '../../../core/protocol/routes/admin.ts';

// What a race or a challenge counts (docs/rewards.md): every game, one game, or one box. The box is
// found by name among the console's boxes (the first page of the search). Choosing a game clears the
// box and the other way round: the server refuses both at once, and the form never offers it. The
// search asks once the operator stops typing for SEARCH_PAUSE_MS, not on every key.

const SEARCH_PAUSE_MS = 250;

export interface Scope {
  game: string | null;
  box_id: number | null;
}

export const ANY_SCOPE: Scope = { game: null, box_id: null };

export function ScopeFields({ scope, onChange }: { scope: Scope; onChange: (scope: Scope) => void }) {
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(search), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const boxes = useAdminData(adminBoxes, { query: { search: asked, page: 1 } });
  const found = boxes.data?.data ?? [];
  return (
    <>
      <AdminSelect
        label="Game"
        value={scope.game ?? ''}
        onChange={(e) => onChange({ game: e.currentTarget.value || null, box_id: null })}
        options={[{ value: '', label: 'Any game' }, ...GAME_IDS.map((g) => ({ value: g, label: GAMES[g].historyLabel }))]}
      />
      <TextInput small label="Find a box" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder="Name" />
      <AdminSelect
        label="Box"
        value={scope.box_id === null ? '' : String(scope.box_id)}
        onChange={(e) => onChange({ game: null, box_id: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        options={[{ value: '', label: 'Any box' }, ...found.map((b) => ({ value: String(b.id), label: b.name }))]}
      />
    </>
  );
}
