import { formatCoins } from '../format/format.ts';
import './Coin.css';

/** Our coin glyph (own SVG). The server's box cards draw the same from core/coinIcon.ts (tests/src/coinIcon.test.tsx keeps them one drawing). */
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
      <path d="M12 6.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6L12 14.7l-3.2 1.7.6-3.6-2.6-2.5 3.6-.5z" fill="#b45309" />
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
