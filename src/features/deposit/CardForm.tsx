import { depositApi } from './depositApi.ts';
import { AmountPayForm } from './AmountPayForm.tsx';
import { useDeposit } from './depositStore.ts';
import { CARD_DEFAULT_AMOUNT, CARD_MINIMUM, CARD_OTHER_AMOUNT, CARD_QUICK_AMOUNTS } from '../../../core/protocol/deposit.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** The `amount` query value when it is a usable number, else the default 25 (docs/product.md §9). */
export function initialCardAmount(search: string = window.location.search): string {
  const value = new URLSearchParams(search).get('amount');
  return value && Number.isFinite(Number(value)) && Number(value) > 0 ? value : String(CARD_DEFAULT_AMOUNT);
}

const QUICK = CARD_QUICK_AMOUNTS.map((v) => [String(v), v] as const);

/** Card: amount (required, number, min 5), quick amounts 5/25/100/250/500/Other (50), promo code. */
export function CardForm() {
  return (
    <AmountPayForm
      testId="card-form"
      initialAmount={useDeposit.getState().pendingAmount ?? initialCardAmount()}
      minimum={CARD_MINIMUM}
      quickAmounts={[...QUICK, [t('quickAmountOther'), CARD_OTHER_AMOUNT]]}
      redirect={depositApi.cardRedirect}
      note={t('cardNote', { minimum: String(CARD_MINIMUM) })}
    />
  );
}
