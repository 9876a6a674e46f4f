import type { ReelItem } from '../../../scenes/box-opening/BoxOpeningScene.ts';

// The scene lab's made-up items and names, shared by its tabs (labs/): a designer replays any outcome
// from a seed or types it in. In the product every outcome comes from the server; the lab never
// touches the API.

export const LAB_ITEMS: ReelItem[] = [
  { id: 1, name: 'Sticker pack', price: 0.5, rarity: 'common', odds: 30 },
  { id: 2, name: 'Phone case', price: 4.9, rarity: 'common', odds: 25 },
  { id: 3, name: 'Gift card 10', price: 10, rarity: 'uncommon', odds: 18 },
  { id: 4, name: 'Wireless earbuds', price: 79, rarity: 'rare', odds: 12 },
  { id: 5, name: 'Smart watch', price: 249, rarity: 'epic', odds: 8 },
  { id: 6, name: 'Gaming console', price: 499, rarity: 'epic', odds: 5 },
  { id: 7, name: 'Gold chronograph', price: 2890, rarity: 'legendary', odds: 2 },
];

/** The lab box's price: an opening's reveal follows the multiplier on it (core/games/celebration.ts). */
export const LAB_BOX_PRICE = 49.99;

export const RARITY_CHOICES = ['seed', 'common', 'uncommon', 'rare', 'epic', 'legendary'] as const;

/** Players' names for the lab's crash cash-outs and battle seats. */
export const LAB_NAMES = ['nova', 'Rex', 'mia_k', 'HODLer', 'zed', 'Luna', 'bigfish', 'tom', 'Ava', 'k1ng'];
