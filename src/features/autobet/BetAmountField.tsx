import { TextInput } from '../../components/TextInput.tsx';
import { CoinIcon } from '../../components/Coin.tsx';
import { centsOf, coinsToCents, formatCents } from '../../../core/money/cents.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import './betControls.css';

const t = translator(messages);

// The bet amount with ½ and 2× buttons (issue 8). Kept as the text the player typed; the form
// parses it with the shared zod schema, so the server and the form agree on what is valid.

/** ½: half the amount, down to whole cents, never below `min` (coins). Text that is no amount stays. */
export function halveAmount(text: string, min: number): string {
  const cents = coinsToCents(Number(text));
  return cents === null ? text : formatCents(Math.max(centsOf(min), Math.floor(cents / 2)));
}

/** 2×: twice the amount, never above `max` (coins). */
export function doubleAmount(text: string, max: number): string {
  const cents = coinsToCents(Number(text));
  return cents === null ? text : formatCents(Math.min(centsOf(max), cents * 2));
}

export interface BetAmountFieldProps {
  value: string;
  onChange(value: string): void;
  min: number;
  max: number;
  error?: string | null;
  disabled?: boolean;
}

export function BetAmountField({ value, onChange, min, max, error, disabled }: BetAmountFieldProps) {
  return (
    <TextInput
      label={t('betAmount')}
      small
      inputMode="decimal"
      name="amount"
      value={value}
      disabled={disabled}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      suffix={
        <span className="bet-amount__buttons">
          <CoinIcon size={16} />
          <button type="button" className="bet-amount__btn" disabled={disabled} onClick={() => onChange(halveAmount(value, min))}>
            ½
          </button>
          <button type="button" className="bet-amount__btn" disabled={disabled} onClick={() => onChange(doubleAmount(value, max))}>
            2×
          </button>
        </span>
      }
    />
  );
}
