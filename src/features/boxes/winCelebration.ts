import { RARITIES, isRarity, type Rarity } from '../../../core/games/rarity.ts';

// A box win is celebrated by its rarity (docs/boxes.md): the reel's line names the best drop and
// takes its colour; rare and above get a headline, epic and legendary a pulse (the scene adds
// sparks and the big-win sound for those).

export function bestRarity(rarities: readonly string[]): Rarity {
  let best: Rarity = 'common';
  for (const r of rarities) if (isRarity(r) && RARITIES.indexOf(r) > RARITIES.indexOf(best)) best = r;
  return best;
}

const HEADLINES: Partial<Record<Rarity, string>> = { rare: 'Rare drop!', epic: 'Epic drop!', legendary: 'Legendary drop!' };

export function winHeadline(rarity: Rarity): string {
  return HEADLINES[rarity] ?? 'You won';
}
