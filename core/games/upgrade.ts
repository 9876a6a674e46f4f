// Upgrade rules (docs/games.md): the player puts in inventory items and/or balance (the input
// value) for a target catalog item; chance = input value / target value × (1 − edge). A ticket
// 1 … 100 000 (core/fair ticket) wins when it is at most the chance in tickets, so the expected
// value returned is at most (1 − edge) of the input, exactly, whatever the prices.

export const UPGRADE_EDGE = 0.05;
/** Chance bounds in percent: below 1 % is a lottery ticket, above 80 % hardly an upgrade. */
export const UPGRADE_MIN_CHANCE = 1;
export const UPGRADE_MAX_CHANCE = 80;
/** At most this many inventory items per upgrade. */
export const UPGRADE_MAX_ITEMS = 10;
export const UPGRADE_TICKETS = 100_000;

/** Winning tickets (1 … n) for an input value against a target value, both in cents. */
export function upgradeWinningTickets(inputCents: number, targetCents: number): number {
  if (!(targetCents > 0)) return 0;
  // Integers all the way: floor(input × (1 − edge) × TICKETS / target).
  return Math.floor((inputCents * (1 - UPGRADE_EDGE) * UPGRADE_TICKETS) / targetCents + 1e-9);
}

/** The chance in percent with 3 decimals (one ticket is 0.001 %). */
export function upgradeChance(inputCents: number, targetCents: number): number {
  return upgradeWinningTickets(inputCents, targetCents) / 1_000;
}

export function upgradeChanceProblem(inputCents: number, targetCents: number): string | null {
  const c = upgradeChance(inputCents, targetCents);
  if (c < UPGRADE_MIN_CHANCE) return `The chance must be at least ${UPGRADE_MIN_CHANCE}%: add more value or pick a cheaper item.`;
  if (c > UPGRADE_MAX_CHANCE) return `The chance must be at most ${UPGRADE_MAX_CHANCE}%: pick a more valuable item.`;
  return null;
}

export function upgradeWins(ticket: number, inputCents: number, targetCents: number): boolean {
  return ticket <= upgradeWinningTickets(inputCents, targetCents);
}
