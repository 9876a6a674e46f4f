// Level badges: a player's level maps to a badge group (level < 10 → 1, else floor(level / 10) * 10,
// capped at the highest badge, 110). Each group has its own emblem (an SVG path drawn in a 24×24 box)
// and two background colours for its gradient.
export interface LevelBadgeStyle {
  /** SVG path data of the emblem in a 24×24 view box. */
  emblem: string;
  colours: readonly [string, string];
  name: string;
}

export const LEVEL_BADGE_GROUPS = [1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110] as const;
export type LevelBadgeGroup = (typeof LEVEL_BADGE_GROUPS)[number];

export const LEVEL_BADGES: Readonly<Record<LevelBadgeGroup, LevelBadgeStyle>> = {
  1: { name: 'Rookie', colours: ['#6b7280', '#374151'], emblem: 'M12 4l2.4 5 5.6.8-4 3.9.9 5.5L12 16.6 7.1 19.2 8 13.7 4 9.8l5.6-.8z' },
  10: { name: 'Bronze', colours: ['#d08a4e', '#7a4520'], emblem: 'M12 3l8 3v6c0 5-3.4 8.3-8 9.5C7.4 20.3 4 17 4 12V6z' },
  20: { name: 'Silver', colours: ['#cbd5e1', '#64748b'], emblem: 'M12 3l8 3v6c0 5-3.4 8.3-8 9.5C7.4 20.3 4 17 4 12V6zm0 4l-2 4h4l-2 6' },
  30: { name: 'Gold', colours: ['#ffd56b', '#b7791f'], emblem: 'M4 8l4 3 4-6 4 6 4-3-2 10H6z' },
  40: { name: 'Emerald', colours: ['#34d399', '#047857'], emblem: 'M12 3l7 7-7 11-7-11z' },
  50: { name: 'Sapphire', colours: ['#60a5fa', '#1d4ed8'], emblem: 'M7 4h10l4 6-9 11L3 10z' },
  60: { name: 'Amethyst', colours: ['#c084fc', '#6d28d9'], emblem: 'M12 2l3 7h7l-5.5 4.5 2 7.5L12 16.5 5.5 21l2-7.5L2 9h7z' },
  70: { name: 'Ruby', colours: ['#fb7185', '#be123c'], emblem: 'M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6-8 11-8 11z' },
  80: { name: 'Diamond', colours: ['#a5f3fc', '#0e7490'], emblem: 'M6 3h12l4 6-10 12L2 9zM2 9h20M9 3l3 18 3-18' },
  90: { name: 'Master', colours: ['#f472b6', '#7e22ce'], emblem: 'M13 2L5 13h6l-2 9 9-12h-6z' },
  100: { name: 'Grandmaster', colours: ['#fde047', '#ea580c'], emblem: 'M12 2c1 4 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3 2-4 0 2 1 3 2 3 0-3-1-6 1-9z' },
  110: { name: 'Legend', colours: ['#ffe58a', '#ff4fb8'], emblem: 'M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4zM3 20.5h18' },
};

/** The badge group of a level: below 10 → 1, otherwise the level rounded down to a multiple of 10 (max 110). */
export function levelBadgeGroup(level: number): LevelBadgeGroup {
  if (!Number.isFinite(level) || level < 10) return 1;
  return Math.min(110, Math.floor(level / 10) * 10) as LevelBadgeGroup;
}
