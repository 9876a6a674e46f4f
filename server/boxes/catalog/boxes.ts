import { ODDS_TOTAL, type BoxType } from '../../../core/games/boxes.ts';
import type { Rarity } from '../../../core/games/rarity.ts';
import { catalogItems, type CatalogItem, type Category } from './items.ts';

// The demo catalog's boxes. Each picks items from the catalog; odds fall with price (weight
// price^-ODDS_EXPONENT, at least 0.01 % each) so the expensive items are rare. Prices are not
// written here: the seed derives each one from the odds and item values plus the house edge.

export interface CatalogBox {
  slug: string;
  name: string;
  type: Exclude<BoxType, 'custom'>;
  category: Category | 'mixed';
  featured?: boolean;
  /** Free loot: the level whose players open it for free once per 24 h. */
  freeLevel?: number;
  items: CatalogItem[];
}

const ODDS_EXPONENT = 1.15;
const MIN_UNITS = 10;

export function rarityForPrice(coins: number): Rarity {
  if (coins < 50) return 'common';
  if (coins < 250) return 'uncommon';
  if (coins < 1000) return 'rare';
  if (coins < 5000) return 'epic';
  return 'legendary';
}

/** Integer odds units summing to ODDS_TOTAL, falling with price; the cheapest item takes the rounding rest. */
export function oddsUnitsFor(items: readonly { price: number }[]): number[] {
  const weights = items.map((i) => Math.pow(i.price, -ODDS_EXPONENT));
  const total = weights.reduce((a, b) => a + b, 0);
  const units = weights.map((w) => Math.max(MIN_UNITS, Math.floor((w / total) * ODDS_TOTAL)));
  const cheapest = items.reduce((best, item, i) => (item.price < items[best]!.price ? i : best), 0);
  units[cheapest]! += ODDS_TOTAL - units.reduce((a, b) => a + b, 0);
  return units;
}

const inCategory = (...categories: Category[]) => catalogItems.filter((i) => categories.includes(i.category));
const bySlug = (slugPart: string) => catalogItems.filter((i) => i.slug.includes(slugPart));
const priced = (items: CatalogItem[], min: number, max: number) => items.filter((i) => i.price >= min && i.price <= max);

/** `count` items spread evenly over the price-sorted list (cheap and dear both represented). */
function spread(items: CatalogItem[], count: number): CatalogItem[] {
  const sorted = [...items].sort((a, b) => a.price - b.price);
  if (sorted.length <= count) return sorted;
  const picked = new Set<CatalogItem>();
  for (let k = 0; k < count; k += 1) picked.add(sorted[Math.round((k * (sorted.length - 1)) / (count - 1))]!);
  return [...picked];
}

const definitions: CatalogBox[] = [
  { slug: 'sneakerhead', name: 'Sneakerhead', type: 'standard', category: 'sneakers', featured: true, items: spread(inCategory('sneakers'), 12) },
  { slug: 'jordan-vault', name: 'Jordan Vault', type: 'unique', category: 'sneakers', featured: true, items: [...bySlug('jordan'), ...spread(priced(inCategory('sneakers'), 40, 130), 4)] },
  { slug: 'street-runners', name: 'Street Runners', type: 'standard', category: 'sneakers', items: spread(priced(inCategory('sneakers'), 40, 420), 10) },
  { slug: 'apple-orchard', name: 'Apple Orchard', type: 'standard', category: 'tech', featured: true, items: [...bySlug('apple-'), ...inCategory('gift-cards').filter((i) => i.brand === 'Apple')] },
  { slug: 'tech-drop', name: 'Tech Drop', type: 'standard', category: 'tech', items: spread(inCategory('tech'), 12) },
  { slug: 'audiophile', name: 'Audiophile', type: 'standard', category: 'tech', items: [...bySlug('airpods'), ...bySlug('sony-w'), ...bySlug('bose'), ...bySlug('jbl'), ...bySlug('marshall'), ...bySlug('galaxy-buds'), ...bySlug('usb-c')] },
  { slug: 'time-keeper', name: 'Time Keeper', type: 'standard', category: 'watches', featured: true, items: spread(inCategory('watches'), 12) },
  { slug: 'rolex-royale', name: 'Rolex Royale', type: 'unique', category: 'watches', items: [...bySlug('rolex'), ...spread(priced(inCategory('watches'), 20, 800), 6)] },
  { slug: 'everyday-watch', name: 'Everyday Watch', type: 'standard', category: 'watches', items: spread(priced(inCategory('watches'), 20, 1000), 10) },
  { slug: 'hype-closet', name: 'Hype Closet', type: 'standard', category: 'fashion', featured: true, items: spread(priced(inCategory('fashion'), 40, 2000), 12) },
  { slug: 'luxury-maison', name: 'Luxury Maison', type: 'unique', category: 'fashion', items: [...spread(priced(inCategory('fashion'), 1000, 30000), 6), ...spread(priced(inCategory('fashion'), 40, 300), 5)] },
  { slug: 'console-wars', name: 'Console Wars', type: 'standard', category: 'gaming', featured: true, items: spread(inCategory('gaming'), 12) },
  { slug: 'pc-master-race', name: 'PC Master Race', type: 'standard', category: 'gaming', items: [...bySlug('nvidia'), ...bySlug('amd'), ...bySlug('alienware'), ...bySlug('razer'), ...bySlug('logitech-g'), ...bySlug('corsair'), ...bySlug('hyperx'), ...bySlug('8bitdo')] },
  { slug: 'gift-card-grab', name: 'Gift Card Grab', type: 'standard', category: 'gift-cards', items: spread(inCategory('gift-cards'), 12) },
  { slug: 'gamer-credits', name: 'Gamer Credits', type: 'standard', category: 'gift-cards', items: inCategory('gift-cards').filter((i) => ['Steam', 'PlayStation', 'Xbox', 'Nintendo', 'Roblox', 'Fortnite', 'Valorant'].includes(i.brand)) },
  { slug: 'budget-bonanza', name: 'Budget Bonanza', type: 'standard', category: 'mixed', items: spread(priced(catalogItems, 5, 200), 14) },
  { slug: 'high-roller', name: 'High Roller', type: 'unique', category: 'mixed', featured: true, items: [...spread(priced(catalogItems, 5000, 200000), 8), ...spread(priced(catalogItems, 100, 1500), 6)] },
  { slug: 'everything-box', name: 'Everything Box', type: 'standard', category: 'mixed', items: spread(catalogItems, 20) },
  // Free loot, one box per level tier.
  { slug: 'free-level-1', name: 'Rookie Free Box', type: 'standard', category: 'mixed', freeLevel: 1, items: spread(priced(catalogItems, 5, 130), 8) },
  { slug: 'free-level-10', name: 'Bronze Free Box', type: 'standard', category: 'mixed', freeLevel: 10, items: spread(priced(catalogItems, 5, 250), 8) },
  { slug: 'free-level-20', name: 'Silver Free Box', type: 'standard', category: 'mixed', freeLevel: 20, items: spread(priced(catalogItems, 10, 500), 8) },
  { slug: 'free-level-30', name: 'Gold Free Box', type: 'standard', category: 'mixed', freeLevel: 30, items: spread(priced(catalogItems, 15, 1000), 8) },
  { slug: 'free-level-50', name: 'Diamond Free Box', type: 'standard', category: 'mixed', freeLevel: 50, items: spread(priced(catalogItems, 20, 2500), 8) },
];

/** The boxes with each item once (overlapping picks keep their first position). */
export const catalogBoxes: CatalogBox[] = definitions.map((box) => ({ ...box, items: [...new Map(box.items.map((i) => [i.slug, i])).values()] }));
