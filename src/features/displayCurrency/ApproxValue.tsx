import { useChosenRate } from './displayCurrency.ts';
import { formatApprox } from '../../../core/money/displayCurrency.ts';
import { centsOf } from '../../../core/money/cents.ts';
import { formatDay } from '../../format/format.ts';
import './approxValue.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** "≈ €11.35" beside a coin amount, in the player's display currency; nothing when none is chosen (docs/payments.md, "Display currencies"). */
export function ApproxValue({ coins }: { coins: number }) {
  const chosen = useChosenRate();
  if (!chosen || (!chosen.rate && !chosen.pending)) return null;
  const { currency, rate } = chosen;
  if (!rate) return <span className="approx-value" aria-hidden>&nbsp;</span>;
  return (
    <span className="approx-value" data-testid="approx-value" title={rate.asOf ? t('approxAtRate', { date: formatDay(rate.asOf) }) : t('approxOneToOne')}>
      {formatApprox(centsOf(coins), currency, rate.micros)}
    </span>
  );
}
