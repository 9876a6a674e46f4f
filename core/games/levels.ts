// The player level curve (docs/levels.md). XP is the number of cents a player has wagered.
// Level L starts at XP_PER_STEP × (L − 1)²: level 2 after 100 coins wagered, level 10 after
// 8,100 coins, level 110 after 1,188,100 coins. A square curve keeps early levels quick and later
// ones meaningful. The top level is 119: the last badge group (110) covers 110–119.

export const XP_PER_STEP = 10_000;
export const MAX_LEVEL = 119;

export interface LevelProgress {
  level: number;
  /** XP so far. */
  value: number;
  /** XP where this level starts. */
  from: number;
  /** XP where the next level starts (equals `from` at the top level). */
  to: number;
}

/** XP needed to reach `level` (1-based). */
export function levelStart(level: number): number {
  return XP_PER_STEP * (level - 1) ** 2;
}

export function levelOf(xp: number): LevelProgress {
  const value = Math.max(0, Math.floor(Number.isFinite(xp) ? xp : 0));
  let level = Math.min(MAX_LEVEL, Math.floor(Math.sqrt(value / XP_PER_STEP)) + 1);
  // Guard floating-point edges of sqrt on exact squares.
  while (level < MAX_LEVEL && levelStart(level + 1) <= value) level += 1;
  while (level > 1 && levelStart(level) > value) level -= 1;
  const from = levelStart(level);
  const to = level === MAX_LEVEL ? from : levelStart(level + 1);
  return { level, value, from, to };
}

/** The badge group of docs/product.md §3: below 10 → 1, otherwise floor(level / 10) × 10. */
export function badgeGroup(level: number): number {
  return level < 10 ? 1 : Math.floor(level / 10) * 10;
}
