import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { crashPayout, crashPointHundredths, CRASH_MAX_BET, CRASH_MIN_BET } from '../../../core/games/crash.ts';
import { centsToCoins, coinsToCents, formatCents } from '../../../core/money/cents.ts';
import type { CrashBetRequest } from '../../../core/protocol/crash.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { AutoBetPanel } from '../../features/autobet/AutoBetPanel.tsx';
import { BetModeTabs, type BetMode } from '../../features/autobet/BetModeTabs.tsx';
import { BetAmountField } from '../../features/autobet/BetAmountField.tsx';
import { useAutoBet } from '../../features/autobet/useAutoBet.ts';
import { reportBetError as report } from '../../features/games/betErrors.ts';
import { isTyping } from '../../features/games/betHotkeys.ts';
import { useCrashGame } from '../../features/crash/crashGame.ts';
import { bettingOpen, myBet } from '../../features/crash/crashRound.ts';
import type { CrashBetting } from '../../features/crash/useCrashBetting.ts';
import { useLiveMultiplier } from '../../features/crash/useLiveMultiplier.ts';
import { PlayBlockBanner } from '../../features/responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../../features/responsible/playBlock.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import gameMessages from '../../features/games/i18n/en-US.json';

const t = translator(messages);
const tg = translator(gameMessages);

// The bet panel of /crash: manual (amount with ½ and 2×, an optional auto cash-out, one button that
// places the bet, queues it for the next round while one runs, and turns into "Cash out N.NN"
// during the round; Space presses it) and auto (the shared auto-bet, one bet per round).

/**
 * What a cash-out pays now: the only part of the panel that follows the flight, frame by frame. It
 * keeps the multiplier it shows in `shown`, which a click sends, so the payout on the button at the
 * click is the payout settled (the server pays that, or less only if its curve was lower on receipt).
 */
function CashOutLabel({ stakeCents, shown }: { stakeCents: number; shown: RefObject<number> }) {
  const multiplier = useLiveMultiplier(useCrashGame((s) => s.model.round), useCrashGame((s) => s.model.offsetMs));
  // Before the browser paints it: a click can only ever see the number this frame shows.
  useLayoutEffect(() => {
    shown.current = multiplier;
  }, [shown, multiplier]);
  return (
    <span data-testid="crash-cash-out-label" data-multiplier={multiplier.toFixed(2)}>
      {t('cashOutAmount', { amount: formatCents(crashPayout(stakeCents, crashPointHundredths(multiplier))) })}
    </span>
  );
}

export function CrashBetPanel({ betting }: { betting: CrashBetting }) {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  // The round and its bets only: a tick's clock sample does not render the panel again.
  const round = useCrashGame((s) => s.model.round);
  const bets = useCrashGame((s) => s.model.bets);
  const model = useMemo(() => ({ round, bets }), [round, bets]);
  const [mode, setMode] = useState<BetMode>('manual');
  const [amount, setAmount] = useState('1.00');
  const [target, setTarget] = useState('');

  const request = useCallback(
    (amountCoins: number): CrashBetRequest => ({ amount: amountCoins, auto_cashout: target.trim() === '' ? null : Number(target) }),
    [target],
  );

  // A break or a reached limit closes new bets (a bet in the air still cashes out).
  const block = usePlayBlock('stake');
  const mine = myBet(model, user?.id ?? null);
  const status = model.round?.status ?? null;
  const canCashOut = mine?.status === 'open' && status === 'in_progress';
  const amountCents = coinsToCents(Number(amount));
  // The multiplier the cash-out button shows (CashOutLabel writes it): what a click asks to be paid.
  const shown = useRef(1);
  const cashOut = useCallback(() => betting.cashOut(shown.current).catch(report), [betting]);

  const auto = useAutoBet(
    async (cents) => {
      const placed = await betting.bet(request(centsToCoins(cents)));
      return betting.settled(placed);
    },
    report,
  );

  const main = useCallback(async () => {
    if (!user) return openModal('login');
    if (canCashOut) {
      await cashOut();
      return;
    }
    if (betting.queued) return betting.cancelQueued();
    if (block) return;
    await betting.bet(request(Number(amount))).catch(report);
  }, [user, openModal, canCashOut, cashOut, betting, request, amount, block]);

  // Space presses the main button (not while typing in a field, not in auto mode).
  const mainRef = useRef(main);
  mainRef.current = main;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat || isTyping(event.target) || mode !== 'manual') return;
      event.preventDefault();
      void mainRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  let label: ReactNode;
  let variant: 'primary' | 'money' | 'secondary' | 'danger' = 'primary';
  let disabled = false;
  if (!user) label = tg('logInToPlay');
  else if (canCashOut) {
    label = <CashOutLabel stakeCents={coinsToCents(mine.amount) ?? 0} shown={shown} />;
    variant = 'money';
  } else if (betting.queued) {
    label = t('cancelNextRoundBet');
    variant = 'secondary';
  } else if (mine?.status === 'open') {
    label = t('betPlacedWaiting');
    disabled = true;
  } else if (bettingOpen(model) && !mine) label = t('placeBet');
  else label = t('betNextRound');
  if (block && !canCashOut && !betting.queued) disabled = true;

  const locked = auto.running;
  return (
    <section className="panel game-page__controls crash-panel" aria-label={t('controls')}>
      <PlayBlockBanner block={block} />
      <BetModeTabs mode={mode} onChange={setMode} locked={locked} />
      <BetAmountField
        value={amount}
        onChange={setAmount}
        min={CRASH_MIN_BET / 100}
        max={CRASH_MAX_BET / 100}
        error={betting.problem?.field === 'amount' ? betting.problem.message : null}
        disabled={locked || Boolean(betting.queued)}
      />
      <TextInput
        label={t('autoCashOut')}
        small
        name="auto_cashout"
        inputMode="decimal"
        placeholder={t('autoCashOutOff')}
        value={target}
        disabled={locked || Boolean(betting.queued)}
        error={betting.problem?.field === 'auto_cashout' ? betting.problem.message : null}
        onChange={(e) => setTarget(e.target.value)}
        suffix={<span className="crash-panel__x">x</span>}
      />
      {mode === 'manual' ? (
        <>
          <Button size="large" block variant={variant} loading={betting.sending || betting.cashingOut} disabled={disabled} onClick={() => void main()} data-testid="crash-main-button">
            {label}
          </Button>
          {user && <p className="crash-panel__hint game-page__key-hint">{t(canCashOut ? 'hintCashOut' : 'hintBet')}</p>}
          {betting.queued && <p className="crash-panel__hint" aria-live="polite">{t('queuedBet', { amount: betting.queued.amount.toFixed(2) })}</p>}
        </>
      ) : user ? (
        <>
          <AutoBetPanel run={auto} baseAmountCents={amountCents && amountCents > 0 ? amountCents : null} disabled={Boolean(block)} />
          {canCashOut && (
            <Button size="large" block variant="money" loading={betting.cashingOut} onClick={() => void cashOut()}>
              {label}
            </Button>
          )}
        </>
      ) : (
        <Button size="large" block onClick={() => openModal('login')}>
          {tg('logInToPlay')}
        </Button>
      )}
    </section>
  );
}

