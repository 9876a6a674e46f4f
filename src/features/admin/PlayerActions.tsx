import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { ChipGroup } from '../../components/ChipGroup.tsx';
import { adminSend, adminSendFor } from './adminApi.ts';
import type { PlayerProfile } from '../../../core/protocol/adminPlayers.ts';
import { adminAdjustmentCreate, adminPlayerLock, adminPlayerUnlock } from '../../../core/protocol/routes/admin.ts';

// The changes an operator makes on /admin/players/:id: a manual adjustment (credit or debit with a
// required reason, a ledger movement on the server) and lock / unlock. The server checks every rule;
// these forms show its answer. `onDone` reloads what the change touched.

function Outcome({ text, failed }: { text: string | null; failed: boolean }) {
  if (!text) return null;
  return (
    <p className={failed ? 'admin__error' : 'admin__notice'} role="status">
      {text}
    </p>
  );
}

export function AdjustForm({ playerId, onDone }: { playerId: number; onDone: () => void }) {
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    // The server's answer: done, or (a credit above the threshold) waiting for a second staff member.
    const answer = await adminSendFor(adminAdjustmentCreate, { params: { id: playerId }, body: { direction, amount: Number(amount), note } });
    setBusy(false);
    setOutcome(answer.error === null ? { text: answer.data.message, failed: false } : { text: answer.error, failed: true });
    if (answer.error === null) {
      setAmount('');
      setNote('');
      onDone();
    }
  };
  return (
    <form className="admin__panel" aria-label="Adjust balance" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <h2>Adjust balance</h2>
      <ChipGroup label="Direction" chips={[{ value: 'credit', label: 'Credit' }, { value: 'debit', label: 'Debit' }]} value={direction} onChange={setDirection} />
      <div className="admin__toolbar">
        <TextInput small label="Amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value.trim())} />
        <TextInput small label="Reason" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Button type="submit" size="small" loading={busy} disabled={!amount || !note.trim()}>
          {direction === 'credit' ? 'Credit' : 'Debit'}
        </Button>
      </div>
      <Outcome text={outcome?.text ?? null} failed={outcome?.failed ?? false} />
    </form>
  );
}

export function LockForm({ player, onDone }: { player: PlayerProfile; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const send = async (path: 'lock' | 'unlock') => {
    const failed = path === 'lock' ? await adminSend(adminPlayerLock, { params: { id: player.id }, body: { reason } }) : await adminSend(adminPlayerUnlock, { params: { id: player.id } });
    setOutcome({ text: failed ?? (path === 'lock' ? 'Locked; every session has ended.' : 'Unlocked; the player can sign in again.'), failed: failed !== null });
    if (!failed) {
      setReason('');
      onDone();
    }
  };
  return (
    <form className="admin__panel" aria-label="Lock" onSubmit={(e) => (e.preventDefault(), void send(player.locked ? 'unlock' : 'lock'))}>
      <h2>Access</h2>
      {player.locked ? (
        <>
          <p>
            Locked by {player.locked.by}: {player.locked.reason}
          </p>
          <Button type="submit" size="small" variant="secondary">
            Unlock
          </Button>
        </>
      ) : (
        <div className="admin__toolbar">
          <TextInput small label="Lock reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button type="submit" size="small" variant="danger" disabled={!reason.trim()}>
            Lock
          </Button>
        </div>
      )}
      <Outcome text={outcome?.text ?? null} failed={outcome?.failed ?? false} />
    </form>
  );
}
