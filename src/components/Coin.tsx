import { formatCoins } from '../format/format.ts';
import { COIN_ICON_BODY, COIN_ICON_VIEWBOX } from '../../core/coinIcon.ts';
import './Coin.css';

/** Our coin glyph (own SVG, core/coinIcon.ts: the server's box cards draw the same). */
export function CoinIcon({ size = 18 }: { size?: number }) {
  return <svg className="coin-icon" width={size} height={size} viewBox={COIN_ICON_VIEWBOX} aria-hidden dangerouslySetInnerHTML={{ __html: COIN_ICON_BODY }} />;
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
