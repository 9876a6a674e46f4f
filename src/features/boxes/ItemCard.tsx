import type { ReactNode } from 'react';
import { Coins } from '../../components/Coin.tsx';
import './boxes.css';

// An item tile in its rarity colour: art, name, price, and optional odds or controls.
export function ItemCard({ item, odds, children, selected }: { item: { name: string; price: number; rarity: string; img_url: string }; odds?: number; children?: ReactNode; selected?: boolean }) {
  return (
    <div className={`item-card item-card--${item.rarity}${selected ? ' item-card--selected' : ''}`} data-rarity={item.rarity}>
      {odds !== undefined && <span className="item-card__odds">{odds.toFixed(3).replace(/\.?0+$/, '')}%</span>}
      <img className="item-card__img" src={item.img_url} alt="" loading="lazy" width={128} height={128} />
      <span className="item-card__name" title={item.name}>
        {item.name}
      </span>
      <Coins value={item.price} className="item-card__price" />
      {children}
    </div>
  );
}
