import { useCallback, useState } from 'react';
import { call } from '../../api/call.ts';
import { boxDemo, userBoxDemo } from '../../../core/protocol/routes/boxes.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import type { DemoOpening } from '../../../core/protocol/boxDemo.ts';
import type { BoxOpenRequest } from '../../../core/protocol/boxes.ts';
import type { BoxKind } from './boxesApi.ts';
import './demoSpin.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The box page's demo spin (docs/boxes.md "Demo spins"): the server draws the items from the box's
// published odds with a one-off seed pair and keeps nothing; the page plays them on the real reel
// under a "Demo" mark, then says that nothing was paid or won and asks a guest to sign up.

/** Shop and player-made boxes have a demo; free loot is free to open already. */
export const hasDemo = (kind: BoxKind) => kind !== 'free';

export function useDemoSpin() {
  const [openings, setOpenings] = useState<DemoOpening[] | null>(null);
  const [running, setRunning] = useState(false);
  /** Asks the server for the spin, then lets `play` animate it; throws the request's error. */
  const spin = useCallback(async (kind: BoxKind, slug: string, quantity: number, play: (openings: DemoOpening[]) => Promise<void>) => {
    setOpenings(null);
    setRunning(true);
    try {
      const body: BoxOpenRequest = { quantity };
      // Only shop and player-made boxes have demo spins.
      const res = await call(kind === 'user' ? userBoxDemo : boxDemo, { params: { slug }, body });
      await play(res.data.openings);
      setOpenings(res.data.openings);
    } finally {
      setRunning(false);
    }
  }, []);
  const clear = useCallback(() => setOpenings(null), []);
  return { openings, running, shown: running || openings !== null, spin, clear };
}

/** Over the reel while a demo plays and after: this spin is not an opening. */
export function DemoMark() {
  return (
    <span className="demo-mark" data-testid="demo-mark">
      {t('demoMark')}
    </span>
  );
}

/** Under the reel after a demo: what it landed on, that it was not real, and (for a guest) the way to the real thing. */
export function DemoResult({ openings, guest, onSignUp }: { openings: DemoOpening[]; guest: boolean; onSignUp(): void }) {
  return (
    <div className="demo-result" data-testid="reel-result" aria-live="polite">
      <p className="box-stage__result">
        <span className="box-stage__headline">{t('demoHeadline')}</span>
        {openings.map((o) => (
          <span key={o.roll.nonce} className="box-stage__prize" title={t('demoRoll', { ticket: String(o.roll.ticket), serverSeed: o.roll.server_seed, clientSeed: o.roll.client_seed, nonce: String(o.roll.nonce) })}>
            {o.item.name} <Coins value={o.item.price} />
          </span>
        ))}
      </p>
      {guest && (
        <Button variant="money" onClick={onSignUp}>
          {t('demoSignUp')}
        </Button>
      )}
    </div>
  );
}
