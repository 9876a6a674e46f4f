import { RARITIES, isRarity, type Rarity } from '../../../core/games/rarity.ts';
import type { CelebrationTier } from '../../../core/games/celebration.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

// The line under a box's reel (docs/boxes.md): it takes the best drop's rarity colour, and its
// headline and pulse follow the opening's celebration tier (core/games/celebration.ts: the
// multiplier on what the opening cost and the item's odds, never a loss), as the scene's reveal does.

const t = translator(messages);

export function bestRarity(rarities: readonly string[]): Rarity {
  let best: Rarity = 'common';
  for (const r of rarities) if (isRarity(r) && RARITIES.indexOf(r) > RARITIES.indexOf(best)) best = r;
  return best;
}

const HEADLINES: Partial<Record<CelebrationTier, keyof typeof messages>> = { big: 'bigWin', huge: 'hugeWin', mega: 'megaWin' };

export function winHeadline(tier: CelebrationTier): string {
  return t(HEADLINES[tier] ?? 'youWon');
}
