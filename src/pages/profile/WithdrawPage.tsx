import { useState } from 'react';
import { Link } from 'react-router';
import { richText } from '../../i18n/richText.tsx';
import { useTwoFactorField } from '../../features/accountSecurity/TwoFactorField.tsx';
import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { toast } from '../../components/toast.tsx';
import { apiErrorText, refusalOf } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { MIN_CRYPTO_WITHDRAWAL, WITHDRAWAL_CURRENCIES } from '../../../core/protocol/shipping.ts';
import { WithdrawalsList } from '../../features/boxes/WithdrawalsList.tsx';
import '../../features/boxes/boxes.css';
import { callResponse } from '../../api/call.ts';
import { profile } from '../../../core/protocol/routes/shell.ts';
import { withdrawalCreate } from '../../../core/protocol/routes/inventory.ts';
import type { CallInput } from '../../../core/protocol/route.ts';
import { useBonuses } from '../../features/bonuses/bonuses.ts';
import { BonusPanel, WithdrawableNote } from '../../features/bonuses/BonusPanel.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

/** The currency the form's select offers (one of the crypto payout's). */
type WithdrawalCurrency = Extract<CallInput<typeof withdrawalCreate>['body'], { type: 'crypto' }>['currency'];

// /profile/withdraw: withdraw coins to a crypto address (verified email required) and the list of
// crypto withdrawals with status and cancel (the coins come back).
export default function WithdrawPage() {
  const [amount, setAmount] = useState(String(MIN_CRYPTO_WITHDRAWAL));
  const [currency, setCurrency] = useState<string>('BTC');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  /** The profile's answer carries the balance into the balance store (src/api/http.ts). */
  async function refreshBalance() {
    await callResponse(profile, {});
  }

  /**
   * After a change of the balance here (a bonus forfeited, a withdrawal canceled): the bonuses'
   * figures (balance, withdrawable) are read again with the list, and the balance store.
   */
  function changed() {
    setVersion((v) => v + 1);
    void refreshBalance();
  }

  const secondFactor = useTwoFactorField();
  // While a bonus is locked, the withdrawable part of the balance is shown beside the amount (docs/bonuses.md).
  const bonuses = useBonuses(version);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const r = await callResponse(withdrawalCreate, { body: { type: 'crypto', amount: Number(amount), currency: currency as WithdrawalCurrency, address: address.trim(), ...secondFactor.body } });
      toast.success(r.data.msg);
      secondFactor.done();
      setVersion((v) => v + 1);
      await refreshBalance();
    } catch (error) {
      if (secondFactor.refused(error)) return;
      const body = refusalOf(error);
      if (body?.errors) setErrors(Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, v[0] ?? ''])));
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h1 className="profile-page-title">{t('withdraw')}</h1>
      <VerifyEmailNotice reason={t('withdrawVerifyReason')} />
      <BonusPanel data={bonuses.data} onChanged={changed} />
      <form className="boxes-filters" onSubmit={submit} noValidate>
        <TextInput small label={t('amountMin', { min: MIN_CRYPTO_WITHDRAWAL })} type="number" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount ?? null} />
        <WithdrawableNote data={bonuses.data} />
        <label>
          {t('currency')}
          <select value={currency} onChange={(e) => setCurrency(e.target.value)}>
            {WITHDRAWAL_CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <TextInput small label={t('walletAddress')} value={address} onChange={(e) => setAddress(e.target.value)} error={errors.address ?? null} />
        {secondFactor.field}
        <Button type="submit" loading={busy}>
          {t('withdraw')}
        </Button>
      </form>
      <p className="withdraw__kyc">
        {richText(t, 'withdrawKycNote', { link: <Link to="/profile/verification">{t('withdrawKycLink')}</Link> })}
      </p>
      <WithdrawalsList type="crypto" version={version} onChanged={changed} />
    </div>
  );
}
