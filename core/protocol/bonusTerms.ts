// A bonus's wagering terms in words (docs/bonuses.md), shared by the deposit modal, the wallet panel
// and the server's answers. Plain TypeScript without zod: the player's pages import it in their first load.

export interface BonusTermsWire {
  /** The requirement as a multiple of the base. */
  multiple: number;
  base: 'bonus' | 'bonus_deposit';
  /** Days the bonus lives. */
  days: number;
  /** Coins, or null. */
  max_bet: number | null;
  /** The code's own game weights (game id → percent) over the usual ones; null or absent: the usual. */
  game_weights?: Readonly<Record<string, number>> | null;
}

/** "Wager 2× the bonus within 7 days before bonus coins can be withdrawn." */
export function bonusTermsText(terms: BonusTermsWire): string {
  if (terms.multiple === 0) return 'Bonus coins can be withdrawn at once.';
  const base = terms.base === 'bonus_deposit' ? 'the bonus plus the deposit' : 'the bonus';
  const days = terms.days === 1 ? '1 day' : `${terms.days} days`;
  const maxBet = terms.max_bet === null ? '' : ` Bets up to ${terms.max_bet.toFixed(2)} coins while it is active.`;
  const own = Object.entries(terms.game_weights ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const weights = own.length === 0 ? '' : ` Stakes count at ${own.map(([game, pct]) => `${game} ${pct} %`).join(', ')}; other games as usual.`;
  return `Wager ${terms.multiple}× ${base} within ${days} before bonus coins can be withdrawn.${maxBet}${weights}`;
}
