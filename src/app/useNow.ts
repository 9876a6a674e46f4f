import { useEffect, useState } from 'react';

// The client's clock for countdowns: Date.now() refreshed every `everyMs` while `active`, so every
// countdown of a page reads the same moment and none is left behind (the wheel's readout once stayed
// at "spin in 16s" while the canvas counted down). The round pages (crash, wheel) refresh it every
// 250 ms during their betting window and keep no timer between windows; the rewards' countdowns
// tick every second.

export function useNow(active = true, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
