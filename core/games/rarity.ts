// Rarity colours: one table for the DOM (CSS strings) and Pixi (the same strings or 0xRRGGBB numbers),
// so an item card, a reel glow and a drop-feed row of the same rarity always match (docs/client-shell.md, Look).
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export const RARITY_COLOURS: Readonly<Record<Rarity, string>> = {
  common: '#9ca3b8',
  uncommon: '#3b8bff',
  rare: '#a25bff',
  epic: '#ff4fb8',
  legendary: '#ffbf2e',
};

/** The colour as a number for Pixi tints and fills. */
export function rarityTint(rarity: Rarity): number {
  return Number.parseInt(RARITY_COLOURS[rarity].slice(1), 16);
}

export function isRarity(value: string): value is Rarity {
  return (RARITIES as readonly string[]).includes(value);
}
