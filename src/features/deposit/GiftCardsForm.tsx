import { useId, useState } from 'react';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { CoinIcon } from '../../components/Coin.tsx';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi } from './depositApi.ts';
import { loadProfile } from '../auth/authSession.ts';
import { GIFT_CARD_PRICES } from '../../../core/protocol/deposit.ts';
import { useTwoFactorField } from '../accountSecurity/TwoFactorField.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** One code field with its own heading and a line saying where such a code comes from. */
function RedeemField({ label, hint, placeholder, redeem }: { label: string; hint: string; placeholder: string; redeem: (code: string, secondFactor: { two_factor_code?: string }) => Promise<{ msg: string }> }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // A gift card or voucher asks for the two-factor code when the player has it on (docs/account-safety.md).
  const secondFactor = useTwoFactorField();
  const hintId = useId();
  const titleId = useId();
  return (
    // Named by its heading: the cashier holds two redeem forms, each a landmark of its own.
    <form
      className="redeem"
      aria-labelledby={titleId}
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          toast.success((await redeem(code.trim(), secondFactor.body)).msg);
          setCode('');
          secondFactor.done();
          // The header shows the new balance now (the realtime event does the same once it exists).
          void loadProfile();
        } catch (error) {
          if (!secondFactor.refused(error)) toast.error(apiErrorText(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 className="redeem__title" id={titleId}>{label}</h3>
      <p className="redeem__hint" id={hintId}>
        {hint}
      </p>
      <div className="redeem__row">
        <TextInput small aria-label={label} aria-describedby={hintId} placeholder={placeholder} value={code} onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" variant="money" size="small" disabled={!code.trim()} loading={busy}>
          {t('redeem')}
        </Button>
      </div>
      {secondFactor.field}
    </form>
  );
}

/**
 * Gift cards (docs/payments.md "Gift cards and vouchers in the cashier"): the two kinds of code the
 * shop takes, each with where it comes from, and the values gift cards come in (the price list with
 * its coin icons, docs/product.md §3) shown as what it is, a list to read, not tiles to press.
 */
export function GiftCardsForm() {
  return (
    <div className="deposit-form" data-testid="gift-form">
      <RedeemField label={t('giftCode')} hint={t('giftCodeHint')} placeholder={t('giftCode')} redeem={depositApi.redeemGiftCode} />
      <div className="giftcard-values">
        <p className="giftcard-values__title">{t('giftCardValues')}</p>
        <ul className="giftcards">
          {GIFT_CARD_PRICES.map((p) => (
            <li key={p.amount} className="giftcard">
              <span className="giftcard__coins" aria-hidden>
                {Array.from({ length: p.coins }, (_, i) => (
                  <CoinIcon key={i} size={16} />
                ))}
              </span>
              <span className="giftcard__amount">{p.amount}</span>
            </li>
          ))}
        </ul>
      </div>
      <RedeemField label={t('voucher')} hint={t('voucherHint')} placeholder={t('voucher')} redeem={depositApi.redeemVoucher} />
    </div>
  );
}
