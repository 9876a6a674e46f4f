import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { ArrowLeft, CheckCircle2, TriangleAlert } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { depositApi } from './depositApi.ts';
import { CryptoIcon } from './CryptoIcon.tsx';
import { useDeposit } from './depositStore.ts';
import { BONUS5_OFFER, PromoCodeField, type PromoOffer } from './PromoCodeField.tsx';
import { CRYPTO_MINIMUM_USD, DAILY_BONUS_PROMOCODE, cryptoCurrency, promoBonusCents, type CryptoOption, type Promocode } from '../../../core/protocol/deposit.ts';
import { cryptoCents, typedUnits, unitsFor } from '../../../core/protocol/cryptoQuote.ts';
import { centsToCoins, formatCents } from '../../../core/money/cents.ts';
import { Coins } from '../../components/Coin.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useDepositCredited } from './useDepositCredited.ts';
import type { DepositCreditedNotice } from '../../../core/protocol/depositEvents.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

/** The address as a QR code, drawn here: the address never goes to a third-party service. */
function AddressQr({ address }: { address: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(address, { margin: 1, width: 180, color: { dark: '#0b0c29', light: '#ffffff' } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [address]);
  return src ? <img className="crypto-qr" src={src} width={180} height={180} alt={t('cryptoQrAlt')} data-testid="crypto-qr" /> : <div className="crypto-qr crypto-qr--empty" />;
}

/** "1 BTC = 60,000.00 coins": what one unit of the currency brings (one coin is one USD). */
function rateText(option: CryptoOption): string {
  return t('cryptoRate', { currency: option.currency, coins: formatCents(cryptoCents(1, option)) });
}

/**
 * The quote beside the address (docs/payments.md "Crypto quote"): the rate, the least amount of the
 * currency worth the minimum, and for an amount the player types what it brings in coins, with the
 * applied promo code's bonus. The server credits a confirmed transfer by the same rule.
 */
function CryptoQuote({ option, promo }: { option: CryptoOption; promo: Promocode | null }) {
  const [typed, setTyped] = useState('');
  const units = typedUnits(typed);
  const cents = units === null ? null : cryptoCents(units, option);
  const short = cents !== null && cents < CRYPTO_MINIMUM_USD * 100;
  return (
    <div className="crypto-quote" data-testid="crypto-quote">
      <p className="crypto-quote__rate">{richText(t, 'cryptoRateLine', { rate: <strong>{rateText(option)}</strong> })}</p>
      <TextInput
        small
        label={t('cryptoYouSend', { currency: option.currency })}
        inputMode="decimal"
        placeholder={t('cryptoYouSendPlaceholder', { units: unitsFor(CRYPTO_MINIMUM_USD, option) })}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        suffix={<span className="deposit-form__unit">{option.currency}</span>}
      />
      <p className={`crypto-quote__get${short ? ' crypto-quote__get--short' : ''}`} data-testid="crypto-quote-get" aria-live="polite">
        {cents === null
          ? t('cryptoLeastToSend', { units: unitsFor(CRYPTO_MINIMUM_USD, option), currency: option.currency })
          : short
            ? t('cryptoBelowMinimum', { minimum: String(CRYPTO_MINIMUM_USD) })
            : promo
              ? richText(t, 'cryptoYouGetWithBonus', { coins: <Coins value={centsToCoins(cents)} />, bonus: <Coins value={centsToCoins(promoBonusCents(promo, cents))} /> }, { code: promo.code })
              : richText(t, 'cryptoYouGet', { coins: <Coins value={centsToCoins(cents)} /> })}
      </p>
    </div>
  );
}

/**
 * What the promo field offers here: the crypto tile says 'bonus 35%', which is winter35's 35 %
 * (docs/payments.md), so the form offers winter35 while the player may still use it, and once they
 * have, says so and offers the standing 5 % instead (PromoCodeField asks the server which it may).
 */
function cryptoOffers(): readonly PromoOffer[] {
  return [{ code: DAILY_BONUS_PROMOCODE }, { ...BONUS5_OFFER, note: t('dailyBonusUsed', { code: DAILY_BONUS_PROMOCODE }) }];
}

/** Crypto: step 0 choose a currency, Next fetches the address (step 1), Back returns (docs/product.md §4). */
export function CryptoForm() {
  const [options, setOptions] = useState<CryptoOption[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const promo = useDeposit((s) => s.promo);
  // Made once per form: the offers' checks run again only when the list changes.
  const [offers] = useState(cryptoOffers);
  // The transfers credited while this form is open, newest first: the cashier says they arrived.
  const [credited, setCredited] = useState<DepositCreditedNotice[]>([]);
  useDepositCredited((notice) => {
    if (notice.gateway === 'alphapo') setCredited((list) => [notice, ...list.filter((n) => n.invoice_id !== notice.invoice_id)]);
  });

  useEffect(() => {
    depositApi
      .currencies()
      .then((list) => {
        setOptions(list);
        setSelected((s) => s ?? list[0]?.currency ?? null);
      })
      .catch((e: unknown) => toast.error(apiErrorText(e)));
  }, []);

  const next = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      setAddress(await depositApi.depositAddress(selected, promo?.code ?? null));
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  const option = options.find((o) => o.currency === selected);
  if (address && selected) {
    const meta = cryptoCurrency(selected);
    return (
      <div className="deposit-form crypto-address" data-testid="crypto-address">
        <button type="button" className="deposit-back" onClick={() => setAddress(null)}>
          <ArrowLeft size={18} aria-hidden /> {t('back')}
        </button>
        <div className="crypto-address__head">
          <CryptoIcon currency={selected} />
          <span>
            {meta?.name ?? selected}
            {meta?.network && <small className="crypto-network"> {meta.network}</small>}
          </span>
        </div>
        {/* Always present, so a screen reader hears the transfer when it is credited. */}
        <div role="status" className="crypto-credited-list">
          {credited.map((n) => (
          <p key={n.invoice_id} className="crypto-credited" data-testid="crypto-credited">
            <CheckCircle2 size={18} aria-hidden />{' '}
            {n.bonus > 0
              ? richText(t, 'cryptoCreditedWithBonus', { amount: <Coins value={n.amount} />, bonus: <Coins value={n.bonus} /> }, { currency: n.currency })
              : richText(t, 'cryptoCredited', { amount: <Coins value={n.amount} /> }, { currency: n.currency })}
          </p>
          ))}
        </div>
        <AddressQr address={address} />
        <div className="crypto-address__row">
          <code className="crypto-address__value" data-testid="crypto-wallet">
            {address}
          </code>
          <CopyButton text={address} label={t('copyAddress')} />
        </div>
        {promo && (
          <p className="crypto-promo" data-testid="crypto-promo">
            {richText(t, 'cryptoPromo', { code: <strong>{promo.code}</strong> })}
          </p>
        )}
        <div className="crypto-minimum">
          {richText(t, 'cryptoMinimum', { amount: <strong>{`${CRYPTO_MINIMUM_USD} USD`}</strong> })}
        </div>
        {option && <CryptoQuote option={option} promo={promo} />}
        <p className="crypto-warning" role="note">
          <TriangleAlert size={16} aria-hidden /> {t('cryptoLossWarning', { minimum: String(CRYPTO_MINIMUM_USD) })}
        </p>
      </div>
    );
  }

  return (
    <div className="deposit-form" data-testid="crypto-form">
      <ul className="crypto-list" role="listbox" aria-label={t('currency')}>
        {options.map((o) => {
          const meta = cryptoCurrency(o.currency);
          return (
            <li key={o.currency}>
              <button type="button" role="option" aria-selected={selected === o.currency} className={`crypto-option${selected === o.currency ? ' crypto-option--active' : ''}`} onClick={() => setSelected(o.currency)}>
                <CryptoIcon currency={o.currency} />
                <span className="crypto-option__name">
                  {o.currency}
                  <small>{meta?.name}</small>
                </span>
                <span className="crypto-option__side">
                  {meta?.network && <span className="crypto-network">{meta.network}</span>}
                  <span className="crypto-option__rate">{rateText(o)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <PromoCodeField amount={null} offers={offers} />
      <Button variant="primary" size="large" block disabled={!selected} loading={busy} onClick={next}>
        {t('next')}
      </Button>
    </div>
  );
}
