import { useEffect, useState } from 'react';

// The client's clock for a round page's countdowns (crash, wheel): Date.now() refreshed every
// `everyMs` while `active` (the betting window), so every countdown on the page reads the same
// moment and none is left behind (the wheel's readout once stayed at "spin in 16s" while the
// canvas counted down). Idle otherwise: no timer between windows.

export function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
