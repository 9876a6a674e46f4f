import { describe, expect, it } from 'vitest';
import { cryptoCents, typedUnits, unitsFor } from '../../core/protocol/cryptoQuote.ts';
import { usdCents } from '../../server/payments/alphapo/alphapoGateway.ts';
import { SELECTABLE_CRYPTO } from '../../core/protocol/deposit.ts';

// The cashier's crypto quote and the server's credit are one rule (docs/payments.md "Crypto quote").

describe('crypto quote', () => {
  it('values units at the rate, floored to the cent, as the server credits them', () => {
    const btc = { rate_from: 1, rate_to: 60000 };
    expect(cryptoCents(0.001, btc)).toBe(6000);
    expect(cryptoCents(0.00058334, btc)).toBe(3500); // 35.0004 USD
    expect(cryptoCents(2, { rate_from: 10, rate_to: 1.5 })).toBe(30);
    for (const c of SELECTABLE_CRYPTO) {
      for (const amount of ['0.5', '1', '123.45678901']) expect(cryptoCents(Number(amount), { rate_from: 1, rate_to: c.usdRate }), `${c.currency} ${amount}`).toBe(usdCents(c.currency, amount));
    }
  });

  it('says the least units worth the minimum, rounded up at 8 decimals', () => {
    expect(unitsFor(35, { rate_from: 1, rate_to: 60000 })).toBe(0.00058334);
    expect(cryptoCents(unitsFor(35, { rate_from: 1, rate_to: 60000 }), { rate_from: 1, rate_to: 60000 })).toBeGreaterThanOrEqual(3500);
    expect(unitsFor(35, { rate_from: 1, rate_to: 1 })).toBe(35);
    expect(unitsFor(35, { rate_from: 1, rate_to: 0.15 })).toBe(233.33333334);
  });

  it('reads what a player types', () => {
    expect(typedUnits('0.0015')).toBe(0.0015);
    expect(typedUnits(' 1,5 ')).toBe(1.5);
    expect(typedUnits('.5')).toBe(0.5);
    for (const bad of ['', '0', 'abc', '-1', '1e3', '0.123456789']) expect(typedUnits(bad), bad).toBeNull();
  });
});
