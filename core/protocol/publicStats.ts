// The figures of a public profile a player may hide (docs/community.md, "Public profiles"), with
// their names on the page and in the settings. Plain TypeScript: the profile page and the settings
// import it without zod.

export const PUBLIC_STATS = ['wagered', 'bets', 'best_multiplier', 'biggest_win'] as const;
export type PublicStat = (typeof PUBLIC_STATS)[number];

export const PUBLIC_STAT_LABELS: Record<PublicStat, string> = {
  wagered: 'Wagered',
  bets: 'Bets',
  best_multiplier: 'Best multiplier',
  biggest_win: 'Biggest win',
};
