import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi, goToCheckout } from './depositApi.ts';
import { useDeposit } from './depositStore.ts';
import { PromoCodeField } from './PromoCodeField.tsx';
import { amountError } from './amountRules.ts';
import { CARD_DEFAULT_AMOUNT, CARD_MINIMUM, CARD_OTHER_AMOUNT, CARD_QUICK_AMOUNTS } from '../../../core/protocol/deposit.ts';

/** The `amount` query value when it is a usable number, else the default 25 (spec §9). */
export function initialCardAmount(search: string = window.location.search): string {
  const value = new URLSearchParams(search).get('amount');
  return value && Number.isFinite(Number(value)) && Number(value) > 0 ? value : String(CARD_DEFAULT_AMOUNT);
}

/** Card: amount (required, number, min 5), quick amounts, promo code, Pay → redirect_url (spec §4, §5, §9). */
export function CardForm() {
  const [amount, setAmount] = useState(initialCardAmount);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const promo = useDeposit((s) => s.promo);
  const error = amountError(amount, CARD_MINIMUM);
  const parsed = error ? null : Number(amount);

  const pick = (value: number) => {
    setAmount(String(value));
    setTouched(true);
  };

  const pay = async () => {
    setTouched(true);
    if (parsed === null) return;
    setBusy(true);
    try {
      const { redirect_url } = await depositApi.cardRedirect(parsed, promo?.code ?? null);
      goToCheckout(redirect_url);
    } catch (e) {
      toast.error(apiErrorText(e));
      setBusy(false);
    }
  };

  return (
    <div className="deposit-form" data-testid="card-form">
      <div className="quick-amounts" role="group" aria-label="Quick amounts">
        {CARD_QUICK_AMOUNTS.map((v) => (
          <button key={v} type="button" className={`quick-amount${amount === String(v) ? ' quick-amount--active' : ''}`} onClick={() => pick(v)}>
            {v}
          </button>
        ))}
        <button type="button" className={`quick-amount${amount === String(CARD_OTHER_AMOUNT) ? ' quick-amount--active' : ''}`} onClick={() => pick(CARD_OTHER_AMOUNT)}>
          Other
        </button>
      </div>
      <TextInput
        label="Amount"
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={touched ? error : null}
        suffix={<span className="deposit-form__unit">USD</span>}
      />
      <PromoCodeField amount={parsed} />
      <Button variant="primary" size="large" block disabled={touched && error !== null} loading={busy} onClick={pay}>
        Pay
      </Button>
      <p className="deposit-form__note">Minimum deposit {CARD_MINIMUM} USD. You will be redirected to the secure payment page.</p>
    </div>
  );
}
