import { useEffect, useState } from 'react';
import { crashMultiplierAt } from '../../../core/games/crash.ts';
import type { CrashRoundState } from '../../../core/protocol/realtime.ts';

// The multiplier of the running round as the DOM shows it (the cash-out button, the readout), from
// the launch time and the clock offset like the scene, read every animation frame so the button is
// never more than a frame behind the curve: the number on it at a click is the number the cash-out
// asks for (docs/crash.md, "The player's cash-out"). React renders only when the shown hundredths
// change. The crash point once ended, 1 before launch.

export function multiplierNow(round: CrashRoundState | null, offsetMs: number, now = Date.now()): number {
  if (!round) return 1;
  if (round.status === 'ended' && round.crash_point !== null) return round.crash_point;
  if (round.status !== 'in_progress' || round.launched_at === null) return 1;
  return crashMultiplierAt(now + offsetMs - round.launched_at);
}

export function useLiveMultiplier(round: CrashRoundState | null, offsetMs: number): number {
  const [value, setValue] = useState(() => multiplierNow(round, offsetMs));
  useEffect(() => {
    setValue(multiplierNow(round, offsetMs));
    if (round?.status !== 'in_progress') return;
    let frame = requestAnimationFrame(function follow() {
      setValue(multiplierNow(round, offsetMs));
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [round, offsetMs]);
  return value;
}
