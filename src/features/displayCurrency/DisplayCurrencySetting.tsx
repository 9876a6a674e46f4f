import { useEffect } from 'react';
import { chooseDisplayCurrency, loadDisplayRates, useDisplayCurrency } from './displayCurrency.ts';
import { isDisplayCurrency } from '../../../core/money/displayCurrency.ts';
import { formatDay } from '../../format/format.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The display-currency picker on the profile page (docs/payments.md, "Display currencies"): coins
// only, or an approximate value in one of the currencies the console has a rate for. Per device.
export function DisplayCurrencySetting() {
  const currency = useDisplayCurrency((s) => s.currency);
  const rates = useDisplayCurrency((s) => s.rates);
  useEffect(() => {
    void loadDisplayRates();
  }, []);
  return (
    <section className="profile-public" aria-label={t('displayCurrency')}>
      <h2>{t('displayCurrency')}</h2>
      <p>{t('displayCurrencyIntro')}</p>
      <label className="profile-setting">
        <span>{t('approxValueIn')}</span>
        <select value={currency ?? ''} onChange={(e) => chooseDisplayCurrency(isDisplayCurrency(e.target.value) ? e.target.value : null)}>
          <option value="">{t('coinsOnly')}</option>
          {rates?.map((r) => (
            <option key={r.currency} value={r.currency}>
              {r.as_of ? t('currencyRateOf', { currency: r.currency, date: formatDay(r.as_of) }) : t('currencyOneToOne', { currency: r.currency })}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
