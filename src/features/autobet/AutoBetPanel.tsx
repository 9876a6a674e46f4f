import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { formatCoins } from '../../format/format.ts';
import type { AutoBetSettings, OnOutcome } from './autoBetStrategy.ts';
import type { AutoBetRun } from './useAutoBet.ts';
import { ProfitGraph } from './ProfitGraph.tsx';
import './betControls.css';
import { coinsToCents } from '../../../core/money/cents.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import { livePlay } from '../../app/promoModalGate.ts';

const t = translator(messages);

// Auto-bet settings (number of bets; on win / on loss reset or raise by x %; stop on profit /
// loss) and the Start / Stop button. The run itself is useAutoBet's; this only edits settings.

const toCents = (text: string) => coinsToCents(Number(text)) ?? 0;

function OutcomeRule({ label, percentLabel, rule, onChange, disabled }: { label: string; percentLabel: string; rule: OnOutcome; onChange(r: OnOutcome): void; disabled: boolean }) {
  const percent = rule.mode === 'raise' ? rule.percent : 0;
  return (
    <div className="autobet__rule">
      <span className="autobet__rule-label">{label}</span>
      <div className="autobet__toggle" role="group" aria-label={label}>
        <button type="button" disabled={disabled} aria-pressed={rule.mode === 'reset'} onClick={() => onChange({ mode: 'reset' })}>
          {t('reset')}
        </button>
        <button type="button" disabled={disabled} aria-pressed={rule.mode === 'raise'} onClick={() => onChange({ mode: 'raise', percent: percent || 100 })}>
          {t('raiseBy')}
        </button>
      </div>
      <TextInput
        small
        aria-label={percentLabel}
        inputMode="decimal"
        disabled={disabled || rule.mode !== 'raise'}
        value={rule.mode === 'raise' ? String(rule.percent) : ''}
        onChange={(e) => onChange({ mode: 'raise', percent: Math.max(0, Number(e.target.value) || 0) })}
        suffix={<span className="autobet__unit">%</span>}
      />
    </div>
  );
}

export function AutoBetPanel({ run, baseAmountCents, disabled }: { run: AutoBetRun; baseAmountCents: number | null; disabled?: boolean }) {
  const [bets, setBets] = useState('10');
  const [onWin, setOnWin] = useState<OnOutcome>({ mode: 'reset' });
  const [onLoss, setOnLoss] = useState<OnOutcome>({ mode: 'reset' });
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const locked = run.running;

  const start = () => {
    if (baseAmountCents === null) return;
    const settings: AutoBetSettings = {
      baseAmount: baseAmountCents,
      bets: Math.max(0, Math.floor(Number(bets) || 0)),
      onWin,
      onLoss,
      stopOnProfit: toCents(stopProfit),
      stopOnLoss: toCents(stopLoss),
    };
    run.start(settings);
  };

  return (
    // While it runs, a live play: a promotion over the panel would hide its Stop (src/app/promoModalGate.ts).
    <div className="autobet" data-testid="autobet" {...livePlay(run.running)}>
      <TextInput small label={t('numberOfBets')} name="autobet-count" inputMode="numeric" value={bets} disabled={locked} onChange={(e) => setBets(e.target.value)} />
      <OutcomeRule label={t('onWin')} percentLabel={t('onWinRaisePercent')} rule={onWin} onChange={setOnWin} disabled={locked} />
      <OutcomeRule label={t('onLoss')} percentLabel={t('onLossRaisePercent')} rule={onLoss} onChange={setOnLoss} disabled={locked} />
      <div className="autobet__stops">
        <TextInput small label={t('stopOnProfit')} name="autobet-profit" inputMode="decimal" value={stopProfit} disabled={locked} onChange={(e) => setStopProfit(e.target.value)} />
        <TextInput small label={t('stopOnLoss')} name="autobet-loss" inputMode="decimal" value={stopLoss} disabled={locked} onChange={(e) => setStopLoss(e.target.value)} />
      </div>
      {run.running ? (
        <Button variant="danger" block onClick={run.stop}>
          {t('stopAutoBet')}
        </Button>
      ) : (
        <Button block disabled={disabled || baseAmountCents === null} onClick={start}>
          {t('startAutoBet')}
        </Button>
      )}
      {/* The run's figures come after Start / Stop, so the button stays where it was when they appear. */}
      {run.state && (
        <p className="autobet__status" aria-live="polite">
          {t('status', { placed: String(run.state.placed), profit: formatCoins(run.state.profit / 100), reason: run.lastStop && !run.running ? run.lastStop : 'none' })}
        </p>
      )}
      {run.profits.length > 1 && <ProfitGraph profits={run.profits} />}
    </div>
  );
}
