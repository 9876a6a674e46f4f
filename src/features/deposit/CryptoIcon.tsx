import { cryptoCurrency } from '../../../core/protocol/deposit.ts';

/** A currency's icon: our own SVG from core/protocol/deposit.ts, as an image. */
export function CryptoIcon({ currency, size = 28 }: { currency: string; size?: number }) {
  const known = cryptoCurrency(currency);
  if (!known) return null;
  return <img className="crypto-icon" src={`data:image/svg+xml;utf8,${encodeURIComponent(known.icon)}`} width={size} height={size} alt="" />;
}
