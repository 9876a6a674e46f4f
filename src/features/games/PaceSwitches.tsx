import { useRef } from 'react';
import { doubleAmount, halveAmount } from '../autobet/BetAmountField.tsx';
import { useBetHotkeys } from './betHotkeys.ts';
import { useStoredToggle } from './useStoredToggle.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The pace of an instant game's manual play (docs/games.md, "Pace"): Instant (the verdict with the
// answer, no animation) and Hotkeys (Space bets, W doubles and S halves the amount, and the game's
// own keys), each off until the player turns it on, kept per game in localStorage (`<game>.instant`,
// `<game>.hotkeys`). Dice and limbo share them; plinko takes the Hotkeys alone.

/** What of the bet page the keys drive (useInstantBetPage's state). */
interface KeyedPage {
  mode: string;
  locked: boolean;
  busy: boolean;
  amount: string;
  setAmount: (amount: string) => void;
  betOnce: () => Promise<unknown>;
}

export interface Pace {
  instant: boolean;
  /** The Instant switch's value as of now, for a play started by an answer (no stale closure). */
  instantNow: () => boolean;
  hotkeys: boolean;
  setInstant: (on: boolean) => void;
  setHotkeys: (on: boolean) => void;
}

/**
 * The game's Instant and Hotkeys settings, with the keys bound while Hotkeys is on and the page is in
 * manual play: Space bets (not while a bet is out), W doubles and S halves the amount within
 * [min, max]; `keys` adds the game's own (dice's Q swaps over / under).
 */
export function usePace(game: string, page: KeyedPage, limits: { min: number; max: number }, keys: Record<string, () => void> = {}): Pace {
  const [instant, setInstant] = useStoredToggle(`${game}.instant`);
  const [hotkeys, setHotkeys] = useStoredToggle(`${game}.hotkeys`);
  const instantRef = useRef(instant);
  instantRef.current = instant;
  const manual = page.mode === 'manual' && !page.locked;
  const whenManual = (action: () => void) => () => {
    if (manual) action();
  };
  useBetHotkeys(hotkeys, {
    Space: whenManual(() => {
      if (!page.busy) void page.betOnce();
    }),
    KeyW: whenManual(() => page.setAmount(doubleAmount(page.amount, limits.max))),
    KeyS: whenManual(() => page.setAmount(halveAmount(page.amount, limits.min))),
    ...Object.fromEntries(Object.entries(keys).map(([code, action]) => [code, whenManual(action)])),
  });
  return { instant, instantNow: () => instantRef.current, hotkeys, setInstant, setHotkeys };
}

/**
 * The Instant and Hotkeys switches under the fields, in manual play only; `legend` names the keys.
 * `instant: false` leaves Instant out (plinko: the ball's fall is the game); the row is then a
 * keyboard's only, hidden on touch screens as the Hotkeys switch is.
 */
export function PaceSwitches({ pace, legend, manual, instant = true }: { pace: Pace; legend: string; manual: boolean; instant?: boolean }) {
  if (!manual) return null;
  return (
    <div className={instant ? 'game-page__switches' : 'game-page__switches game-page__key-hint'}>
      {instant && (
        <label className="game-page__switch">
          <input type="checkbox" role="switch" checked={pace.instant} onChange={(e) => pace.setInstant(e.target.checked)} />
          {t('instant')}
        </label>
      )}
      <HotkeysSwitch on={pace.hotkeys} onChange={pace.setHotkeys} legend={legend} />
    </div>
  );
}

/** The Hotkeys switch and, while on, its legend: a keyboard's only, hidden on touch screens. */
export function HotkeysSwitch({ on, onChange, legend }: { on: boolean; onChange: (on: boolean) => void; legend: string }) {
  return (
    <>
      <label className="game-page__switch game-page__key-hint" title={legend}>
        <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} />
        {t('hotkeys')}
      </label>
      {on && <span className="game-page__key-hint game-page__keys">{legend}</span>}
    </>
  );
}
