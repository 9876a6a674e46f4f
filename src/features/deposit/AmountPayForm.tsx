import { useState, type ReactNode } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { goToCheckout } from './depositApi.ts';
import { useDeposit } from './depositStore.ts';
import { PromoCodeField } from './PromoCodeField.tsx';
import { amountError } from './amountRules.ts';
import { depositReturnPath } from './depositReturn.ts';
import { usePlayBlock } from '../responsible/playBlock.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { COIN_CURRENCY } from '../../../core/money/displayCurrency.ts';

const t = translator(messages);

export interface AmountPayFormProps {
  testId: string;
  initialAmount: string;
  /** Card: 5; skins: none (only required). */
  minimum: number | null;
  redirect: (amount: number, promocode: string | null, returnTo: string) => Promise<{ redirect_url: string }>;
  /** Quick amount buttons above the field: [label, value]. */
  quickAmounts?: readonly (readonly [string, number])[];
  note: ReactNode;
}

/**
 * Amount + promo code + Pay (card and skins, docs/product.md §4, §5): Pay is disabled once the field was
 * touched and is invalid; a valid Pay asks the server for redirect_url and the browser goes there.
 */
export function AmountPayForm({ testId, initialAmount, minimum, redirect, quickAmounts = [], note }: AmountPayFormProps) {
  const [amount, setAmount] = useState(initialAmount);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const promo = useDeposit((s) => s.promo);
  // Closed while a break runs or a deposit limit has nothing left (the reason shows above, DepositModal.tsx).
  const blocked = usePlayBlock('deposit') !== null;
  const error = amountError(amount, minimum);
  const parsed = error ? null : Number(amount);

  const change = (value: string) => {
    setAmount(value);
    setTouched(true);
  };

  const pay = async () => {
    setTouched(true);
    if (parsed === null) return;
    setBusy(true);
    try {
      goToCheckout((await redirect(parsed, promo?.code ?? null, depositReturnPath(window.location))).redirect_url);
    } catch (e) {
      toast.error(apiErrorText(e));
      setBusy(false);
    }
  };

  return (
    <div className="deposit-form" data-testid={testId}>
      {quickAmounts.length > 0 && (
        <div className="quick-amounts" role="group" aria-label={t('quickAmounts')}>
          {quickAmounts.map(([label, value]) => (
            <button key={label} type="button" className={`quick-amount${amount === String(value) ? ' quick-amount--active' : ''}`} onClick={() => change(String(value))}>
              {label}
            </button>
          ))}
        </div>
      )}
      <TextInput
        label={t('amount')}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => change(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched ? error : null}
        suffix={<span className="deposit-form__unit">{COIN_CURRENCY}</span>}
      />
      <PromoCodeField amount={parsed} />
      <Button variant="primary" size="large" block disabled={(touched && error !== null) || blocked} loading={busy} onClick={pay}>
        {t('pay')}
      </Button>
      <p className="deposit-form__note">{note}</p>
    </div>
  );
}
