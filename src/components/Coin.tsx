import { formatCoins } from '../format/format.ts';
import './Coin.css';

/** Our coin glyph (own SVG). */
export function CoinIcon({ size = 18 }: { size?: number }) {
  return (
    <svg className="coin-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden>
      <defs>
        <linearGradient id="coin-g" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe58a" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill="url(#coin-g)" />
      <circle cx="12" cy="12" r="8" fill="none" stroke="#b45309" strokeWidth="1.5" opacity="0.6" />
      <path d="M9 8.5h4.2a2.3 2.3 0 0 1 0 4.6H9.8M9 15.5h4.6" fill="none" stroke="#7c2d12" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** An amount: 2 decimals, tabular figures, the coin icon. */
export function Coins({ value, className }: { value: number; className?: string }) {
  return (
    <span className={['coins', 'amount', className].filter(Boolean).join(' ')}>
      <CoinIcon />
      <span>{formatCoins(value)}</span>
    </span>
  );
}
