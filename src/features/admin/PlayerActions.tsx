import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
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
  // A credit marked as bonus (docs/bonuses.md, "Console bonus credits"): its wager, days and maximum bet.
  const [bonus, setBonus] = useState({ on: false, multiple: '1', days: '30', maxBet: '' });
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    // The server's answer: done, or (a credit above the threshold) waiting for a second staff member.
    const answer = await adminSendFor(adminAdjustmentCreate, { params: { id: playerId }, body: { direction, amount: Number(amount), note, bonus: bonusBody(direction, bonus) } });
    setBusy(false);
    setOutcome(answer.error === null ? { text: answer.data.message, failed: false } : { text: answer.error, failed: true });
    if (answer.error === null) {
      setAmount('');
      setNote('');
      setBonus({ ...bonus, on: false });
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
      {direction === 'credit' && (
        <>
          <Checkbox label="Credit as bonus (locked until wagered)" checked={bonus.on} onChange={(e) => setBonus({ ...bonus, on: e.currentTarget.checked })} />
          {bonus.on && (
            <div className="admin__toolbar">
              <TextInput small label="Wager × the credit (0: none)" inputMode="numeric" value={bonus.multiple} onChange={(e) => setBonus({ ...bonus, multiple: e.currentTarget.value })} />
              <TextInput small label="Bonus lives (days)" inputMode="numeric" value={bonus.days} onChange={(e) => setBonus({ ...bonus, days: e.currentTarget.value })} />
              <TextInput small label="Max bet while active (coins, empty: none)" inputMode="decimal" value={bonus.maxBet} onChange={(e) => setBonus({ ...bonus, maxBet: e.currentTarget.value })} />
            </div>
          )}
        </>
      )}
      <Outcome text={outcome?.text ?? null} failed={outcome?.failed ?? false} />
    </form>
  );
}

/** The body's bonus terms: only for a credit with the box ticked. */
function bonusBody(direction: 'credit' | 'debit', b: { on: boolean; multiple: string; days: string; maxBet: string }) {
  if (direction !== 'credit' || !b.on) return null;
  return { wagering_multiple: Number(b.multiple), bonus_days: Number(b.days), max_bet: b.maxBet.trim() === '' ? null : Number(b.maxBet) };
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
