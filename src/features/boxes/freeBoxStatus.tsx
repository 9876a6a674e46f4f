import { Lock, Timer } from 'lucide-react';
import { useNow } from '../../app/useNow.ts';
import { Button } from '../../components/Button.tsx';
import type { BoxSummary } from './boxesApi.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// A free box is locked below its level, waiting for 24 hours after each opening, or ready
// (docs/boxes.md). Locked and waiting ones show why and their open button is disabled.

export type FreeBoxState = { kind: 'locked'; level: number } | { kind: 'waiting'; at: Date } | { kind: 'ready' };

export function freeBoxState(box: Pick<BoxSummary, 'level' | 'available_at'>, playerLevel: number, now: Date): FreeBoxState {
  const level = box.level ?? 1;
  if (level > playerLevel) return { kind: 'locked', level };
  if (box.available_at && new Date(box.available_at).getTime() > now.getTime()) return { kind: 'waiting', at: new Date(box.available_at) };
  return { kind: 'ready' };
}

/** HH:MM:SS until `at` (hours may pass 24 only if the server says so). */
export function timeLeft(at: Date, now: Date): string {
  const s = Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The words for a state that keeps the box shut; null when it can open. */
export function useFreeBoxBlock(box: Pick<BoxSummary, 'level' | 'available_at'>, playerLevel: number): { icon: 'lock' | 'timer'; text: string } | null {
  const now = new Date(useNow());
  const state = freeBoxState(box, playerLevel, now);
  if (state.kind === 'locked') return { icon: 'lock', text: t('unlocksAtLevel', { level: String(state.level) }) };
  if (state.kind === 'waiting') return { icon: 'timer', text: t('nextOpeningIn', { time: timeLeft(state.at, now) }) };
  return null;
}

/** The card's status line on /freeloot: the lock with the level needed, the countdown, or ready. */
export function FreeBoxNote({ box, playerLevel }: { box: BoxSummary; playerLevel: number }) {
  const block = useFreeBoxBlock(box, playerLevel);
  if (!block) return <span className="free-box-note free-box-note--ready">{t('readyToOpen')}</span>;
  return (
    <span className={`free-box-note free-box-note--${block.icon === 'lock' ? 'locked' : 'waiting'}`} data-testid="free-box-block">
      {block.icon === 'lock' ? <Lock size={14} aria-hidden /> : <Timer size={14} aria-hidden />} {block.text}
    </span>
  );
}

/** A free box's open button: disabled with the lock or the countdown while it cannot open, or while a break runs (`blocked`). */
export function FreeBoxOpenButton({ box, playerLevel, busy, blocked = false, onOpen }: { box: Pick<BoxSummary, 'level' | 'available_at'>; playerLevel: number; busy: boolean; blocked?: boolean; onOpen: () => void }) {
  const block = useFreeBoxBlock(box, playerLevel);
  if (block && !busy) {
    return (
      <Button variant="secondary" size="large" disabled data-testid="open-box">
        {block.icon === 'lock' ? <Lock size={18} aria-hidden /> : <Timer size={18} aria-hidden />} {block.text}
      </Button>
    );
  }
  return (
    <Button size="large" onClick={onOpen} loading={busy} disabled={blocked} data-testid="open-box">
      {t('openForFree')}
    </Button>
  );
}
