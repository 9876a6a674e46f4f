import { useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi, goToCheckout } from './depositApi.ts';
import { useDeposit } from './depositStore.ts';
import { PromoCodeField } from './PromoCodeField.tsx';
import { amountError } from './amountRules.ts';
import { SKINS_DEFAULT_AMOUNT } from '../../../core/protocol/deposit.ts';

/** Skins: amount required, default 3.15 (spec §5, §9); the traded skins' value is what gets credited. */
export function SkinsForm() {
  const [amount, setAmount] = useState(String(SKINS_DEFAULT_AMOUNT));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const promo = useDeposit((s) => s.promo);
  const error = amountError(amount, null);
  const parsed = error ? null : Number(amount);
  const pay = async () => {
    setTouched(true);
    if (parsed === null) return;
    setBusy(true);
    try {
      goToCheckout((await depositApi.skinsRedirect(parsed, promo?.code ?? null)).redirect_url);
    } catch (e) {
      toast.error(apiErrorText(e));
      setBusy(false);
    }
  };
  return (
    <div className="deposit-form" data-testid="skins-form">
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
      <p className="deposit-form__note">Trade your skins on the next page; their value is added to your balance.</p>
    </div>
  );
}
