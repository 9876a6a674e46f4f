// What a crypto transfer is worth on the balance (docs/payments.md "Crypto quote"): the available
// currencies' rates say `rate_from` units are worth `rate_to` USD, and one coin is one USD. The
// server credits a confirmed transfer with exactly this (server/payments/alphapo/alphapoGateway.ts),
// and the cashier quotes it before the player sends anything.

export interface CryptoRate {
  rate_from: number;
  rate_to: number;
}

/** Cents (coins × 100) that `units` of the currency are worth, floored to the cent. */
export function cryptoCents(units: number, rate: CryptoRate): number {
  return Math.floor(((units * rate.rate_to) / rate.rate_from) * 100 + 1e-6);
}

/** The least units of the currency worth `usd` (the minimum deposit), rounded up at 8 decimals. */
export function unitsFor(usd: number, rate: CryptoRate): number {
  return Math.ceil(((usd * rate.rate_from) / rate.rate_to) * 1e8 - 1e-6) / 1e8;
}

/** Units as a player types them ("0.0015", "1,5"), or null when it is not a positive amount. */
export function typedUnits(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,8})?$|^\.\d{1,8}$/.test(clean)) return null;
  const units = Number(clean);
  return units > 0 ? units : null;
}
