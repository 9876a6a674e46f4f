import { create } from 'zustand';
import { call } from '../../api/call.ts';
import { displayRates } from '../../../core/protocol/routes/displayRates.ts';
import { isDisplayCurrency, rateMicros, type DisplayCurrency } from '../../../core/money/displayCurrency.ts';
import type { DisplayRate } from '../../../core/protocol/displayRates.ts';

// The player's display currency (docs/payments.md, "Display currencies"): kept per device, none by
// default (the pages then show coins alone, as the spec draws them). The rates are asked for only
// once a currency is chosen, and once per page load: an approximate value, not a price.

const STORAGE_KEY = 'display-currency';

function stored(): DisplayCurrency | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isDisplayCurrency(value) ? value : null;
  } catch {
    return null;
  }
}

interface DisplayCurrencyState {
  currency: DisplayCurrency | null;
  /** The server's rates; null until asked for. */
  rates: DisplayRate[] | null;
}

export const useDisplayCurrency = create<DisplayCurrencyState>(() => ({ currency: stored(), rates: null }));

let asked: Promise<void> | null = null;
/** Asks for the rates once (again after a failure). */
export function loadDisplayRates(): Promise<void> {
  asked ??= call(displayRates, {}).then(
    (answer) => useDisplayCurrency.setState({ rates: answer.data }),
    () => {
      asked = null;
    },
  );
  return asked;
}

export function chooseDisplayCurrency(currency: DisplayCurrency | null): void {
  try {
    if (currency) localStorage.setItem(STORAGE_KEY, currency);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // A browser that keeps nothing still shows the choice until the page is left.
  }
  useDisplayCurrency.setState({ currency });
  if (currency) void loadDisplayRates();
}

// A currency chosen on an earlier visit: its rates are asked for with the page's first calls.
if (useDisplayCurrency.getState().currency) void loadDisplayRates();

/**
 * The chosen currency and its rate in millionths per coin: null when none is chosen, `rate` null
 * while the rates are on their way (the value's place is kept, so nothing moves when it comes) or
 * when the chosen currency has no rate.
 */
export function useChosenRate(): { currency: DisplayCurrency; rate: { micros: number; asOf: string | null } | null; pending: boolean } | null {
  const currency = useDisplayCurrency((s) => s.currency);
  const rates = useDisplayCurrency((s) => s.rates);
  if (!currency) return null;
  const found = rates?.find((r) => r.currency === currency);
  const micros = found ? rateMicros(found.per_coin) : null;
  return { currency, rate: micros === null ? null : { micros, asOf: found!.as_of }, pending: rates === null };
}
