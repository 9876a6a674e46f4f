import { useState } from 'react';
import { WHEEL_COLORS, WHEEL_MAX_BET, WHEEL_MIN_BET, WHEEL_MULTIPLIERS, wheelColorAt, type WheelColor } from '../../../core/games/wheel.ts';
import { formatCents } from '../../../core/money/cents.ts';
import type { WheelBet } from '../../../core/protocol/wheel.ts';
import { Button } from '../../components/Button.tsx';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { reportBetError as report } from '../../features/games/betErrors.ts';
import { stakedByColor, wheelBettingOpen, type WheelGameModel } from '../../features/wheel/wheelRound.ts';
import type { WheelBetting } from '../../features/wheel/useWheelBetting.ts';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../../features/responsible/playBlock.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { colorStyle, multiplierText } from '../../features/wheel/wheelColors.ts';
import { doubleAmount, halveAmount } from '../../features/autobet/BetAmountField.tsx';
import { useBetHotkeys } from '../../features/games/betHotkeys.ts';
import { HotkeysSwitch } from '../../features/games/PaceSwitches.tsx';
import { useStoredToggle } from '../../features/games/useStoredToggle.ts';
import { colorName } from '../../features/wheel/wheelColorNames.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';

const t = translator(messages);
const tg = translator(gameMessages);

// The bet panel of /wheel: the amount with ½ and 2×, one button per colour (its multiplier, the
// total everyone staked on it this round; a press bets the amount on it, as often as the player
// likes), and the player's bets of this round, each with a cancel while betting is open. Hotkeys
// (docs/games.md, "Pace"; off until switched on, `wheel.hotkeys`): 1–5 bet the amount on the colours
// in their order, W doubles and S halves the amount.

/** Stand-ins for the visible parts inside the translated "Bet on {color} {multiplier}". */
const COLOR_MARK = '\u0001';
const MULTIPLIER_MARK = '\u0002';
/** Splits the sentence around the marks, keeping them (a capturing group). */
const AROUND_MARKS = new RegExp(`(${COLOR_MARK}|${MULTIPLIER_MARK})`);

/**
 * A colour button's name from its content, in the language's word order: the colour and its
 * multiplier as shown (the grid places them), the words around them for screen readers only. So the
 * name holds every visible word (WCAG 2.5.3: a voice-control user says what they see).
 */
function ColourName({ color }: { color: WheelColor }) {
  const sentence = t('betOn', { color: COLOR_MARK, multiplier: MULTIPLIER_MARK });
  return sentence.split(AROUND_MARKS).map((part, i) =>
    part === COLOR_MARK ? (
      <span key={i} className="wheel-color__name">{colorName(color)}</span>
    ) : part === MULTIPLIER_MARK ? (
      <span key={i} className="wheel-color__multiplier">{multiplierText(WHEEL_MULTIPLIERS[color])}</span>
    ) : part ? (
      <span key={i} className="visually-hidden">{part}</span>
    ) : null,
  );
}

/** The keys' legend: each colour's number, then the amount's keys. */
const wheelKeys = () => `${WHEEL_COLORS.map((c, i) => `${i + 1} ${colorName(c)}`).join(' · ')} · W 2× · S ½`;

export function WheelBetPanel({ model, betting, mine }: { model: WheelGameModel; betting: WheelBetting; mine: WheelBet[] }) {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const [amount, setAmount] = useState('1.00');
  const open = wheelBettingOpen(model);
  // A break or a reached limit closes the colours (bets placed this round can still be canceled).
  const block = usePlayBlock('stake');
  const totals = stakedByColor(model.bets);
  const segment = model.round?.status === 'ended' ? model.round.segment : null;

  const press = (color: WheelColor) => {
    if (!user) return openModal('login');
    void betting.bet(color, Number(amount)).catch(report);
  };
  const [hotkeys, setHotkeys] = useStoredToggle('wheel.hotkeys');
  const limits = { min: WHEEL_MIN_BET / 100, max: WHEEL_MAX_BET / 100 };
  useBetHotkeys(hotkeys && Boolean(user), {
    ...Object.fromEntries(WHEEL_COLORS.map((color, i) => [`Digit${i + 1}`, () => open && !block && press(color)])),
    KeyW: () => setAmount(doubleAmount(amount, limits.max)),
    KeyS: () => setAmount(halveAmount(amount, limits.min)),
  });

  return (
    <section className="panel game-page__controls wheel-panel" aria-label={t('controls')}>
      <PlayBlockBanner block={block} />
      <BetAmountField
        value={amount}
        onChange={setAmount}
        min={limits.min}
        max={limits.max}
        error={betting.problem?.field === 'amount' ? betting.problem.message : null}
      />
      {user && (
        <div className="game-page__switches game-page__key-hint">
          <HotkeysSwitch on={hotkeys} onChange={setHotkeys} legend={wheelKeys()} />
        </div>
      )}
      <p className="wheel-panel__hint" aria-live="polite">
        {t(!user ? 'hintLogIn' : open ? 'hintPick' : 'hintClosed')}
      </p>
      <div className="wheel-colors" role="group" aria-label={t('betOnColour')} data-testid="wheel-colors">
        {WHEEL_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className={`wheel-color${segment !== null && wheelColorAt(segment) === color ? ' is-winner' : ''}`}
            style={colorStyle(color)}
            disabled={Boolean(user) && (!open || Boolean(block))}
            aria-busy={betting.sending === color || undefined}
            data-color={color}
            onClick={() => press(color)}
          >
            <ColourName color={color} />
            <span className="wheel-color__total amount" data-testid={`wheel-total-${color}`}>
              {formatCents(totals[color])}
            </span>
          </button>
        ))}
      </div>
      {user && (
        <div className="wheel-mine" data-testid="wheel-my-bets">
          <h2 className="wheel-mine__title">{t('myBets')}</h2>
          {mine.length === 0 ? (
            <p className="wheel-empty">{tg('noBets')}</p>
          ) : (
            <ul>
              {mine.map((b) => (
                <li key={b.id} className={`wheel-mine__bet wheel-mine__bet--${b.status}`} data-bet-id={b.id} data-status={b.status}>
                  <span className="wheel-dot" style={colorStyle(b.color)} aria-hidden />
                  <span>{colorName(b.color)}</span>
                  <span className="amount">{b.amount.toFixed(2)}</span>
                  <span className="wheel-mine__state">{betState(b)}</span>
                  {b.status === 'open' && open && (
                    <Button size="small" variant="secondary" loading={betting.canceling === b.id} onClick={() => void betting.cancel(b.id).catch(report)}>
                      {t('cancel')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function betState(b: WheelBet): string {
  if (b.status === 'won') return `+${(b.payout ?? 0).toFixed(2)}`;
  if (b.status === 'lost') return t('betLost');
  if (b.status === 'canceled') return t('betCanceled');
  if (b.status === 'refunded') return t('betRefunded');
  return '';
}
