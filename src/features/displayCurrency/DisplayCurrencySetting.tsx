import { useEffect } from 'react';
import { chooseDisplayCurrency, loadDisplayRates, useDisplayCurrency } from './displayCurrency.ts';
import { isDisplayCurrency } from '../../../core/money/displayCurrency.ts';
import { formatDay } from '../../format/format.ts';

// The display-currency picker on the profile page (docs/payments.md, "Display currencies"): coins
// only, or an approximate value in one of the currencies the console has a rate for. Per device.
export function DisplayCurrencySetting() {
  const currency = useDisplayCurrency((s) => s.currency);
  const rates = useDisplayCurrency((s) => s.rates);
  useEffect(() => {
    void loadDisplayRates();
  }, []);
  return (
    <section className="profile-public" aria-label="Display currency">
      <h2>Display currency</h2>
      <p>Everything is paid in coins. Beside your balance and prices you can also see roughly what they are worth in a currency.</p>
      <label className="profile-setting">
        <span>Approximate value in</span>
        <select value={currency ?? ''} onChange={(e) => chooseDisplayCurrency(isDisplayCurrency(e.target.value) ? e.target.value : null)}>
          <option value="">Coins only</option>
          {rates?.map((r) => (
            <option key={r.currency} value={r.currency}>
              {r.as_of ? `${r.currency} (rate of ${formatDay(r.as_of)})` : `${r.currency} (1 coin = 1 ${r.currency})`}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
