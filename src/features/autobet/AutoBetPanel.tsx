import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { formatCoins } from '../../format/format.ts';
import type { AutoBetSettings, OnOutcome } from './autoBetStrategy.ts';
import type { AutoBetRun } from './useAutoBet.ts';
import { ProfitGraph } from './ProfitGraph.tsx';
import './betControls.css';
import { coinsToCents } from '../../../core/money/cents.ts';

// Auto-bet settings (number of bets; on win / on loss reset or raise by x %; stop on profit /
// loss) and the Start / Stop button. The run itself is useAutoBet's; this only edits settings.

const toCents = (text: string) => coinsToCents(Number(text)) ?? 0;

function OutcomeRule({ label, rule, onChange, disabled }: { label: string; rule: OnOutcome; onChange(r: OnOutcome): void; disabled: boolean }) {
  const percent = rule.mode === 'raise' ? rule.percent : 0;
  return (
    <div className="autobet__rule">
      <span className="autobet__rule-label">{label}</span>
      <div className="autobet__toggle" role="group" aria-label={label}>
        <button type="button" disabled={disabled} aria-pressed={rule.mode === 'reset'} onClick={() => onChange({ mode: 'reset' })}>
          Reset
        </button>
        <button type="button" disabled={disabled} aria-pressed={rule.mode === 'raise'} onClick={() => onChange({ mode: 'raise', percent: percent || 100 })}>
          Raise by
        </button>
      </div>
      <TextInput
        small
        aria-label={`${label} raise percent`}
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
    <div className="autobet" data-testid="autobet">
      <TextInput small label="Number of bets (0 = until stopped)" name="autobet-count" inputMode="numeric" value={bets} disabled={locked} onChange={(e) => setBets(e.target.value)} />
      <OutcomeRule label="On win" rule={onWin} onChange={setOnWin} disabled={locked} />
      <OutcomeRule label="On loss" rule={onLoss} onChange={setOnLoss} disabled={locked} />
      <div className="autobet__stops">
        <TextInput small label="Stop on profit" name="autobet-profit" inputMode="decimal" value={stopProfit} disabled={locked} onChange={(e) => setStopProfit(e.target.value)} />
        <TextInput small label="Stop on loss" name="autobet-loss" inputMode="decimal" value={stopLoss} disabled={locked} onChange={(e) => setStopLoss(e.target.value)} />
      </div>
      {run.running ? (
        <Button variant="danger" block onClick={run.stop}>
          Stop auto-bet
        </Button>
      ) : (
        <Button block disabled={disabled || baseAmountCents === null} onClick={start}>
          Start auto-bet
        </Button>
      )}
      {/* The run's figures come after Start / Stop, so the button stays where it was when they appear. */}
      {run.state && (
        <p className="autobet__status" aria-live="polite">
          Bets {run.state.placed} · Profit {formatCoins(run.state.profit / 100)}
          {run.lastStop && !run.running ? ` · stopped (${run.lastStop})` : ''}
        </p>
      )}
      {run.profits.length > 1 && <ProfitGraph profits={run.profits} />}
    </div>
  );
}
