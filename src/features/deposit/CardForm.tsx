import { depositApi } from './depositApi.ts';
import { AmountPayForm } from './AmountPayForm.tsx';
import { useDeposit } from './depositStore.ts';
import { CARD_DEFAULT_AMOUNT, CARD_MINIMUM, CARD_OTHER_AMOUNT, CARD_QUICK_AMOUNTS } from '../../../core/protocol/deposit.ts';

/** The `amount` query value when it is a usable number, else the default 25 (docs/product.md §9). */
export function initialCardAmount(search: string = window.location.search): string {
  const value = new URLSearchParams(search).get('amount');
  return value && Number.isFinite(Number(value)) && Number(value) > 0 ? value : String(CARD_DEFAULT_AMOUNT);
}

const QUICK: readonly (readonly [string, number])[] = [...CARD_QUICK_AMOUNTS.map((v) => [String(v), v] as const), ['Other', CARD_OTHER_AMOUNT]];

/** Card: amount (required, number, min 5), quick amounts 5/25/100/250/500/Other (50), promo code. */
export function CardForm() {
  return (
    <AmountPayForm
      testId="card-form"
      initialAmount={useDeposit.getState().pendingAmount ?? initialCardAmount()}
      minimum={CARD_MINIMUM}
      quickAmounts={QUICK}
      redirect={depositApi.cardRedirect}
      note={`Minimum deposit ${CARD_MINIMUM} USD. You will be redirected to the secure payment page.`}
    />
  );
}
