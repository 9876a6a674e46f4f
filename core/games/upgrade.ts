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
/** Tickets of a unit of value the player keeps: TICKETS × (1 − edge), an integer. */
const KEPT_TICKETS = Math.round(UPGRADE_TICKETS * (1 - UPGRADE_EDGE));

/** Winning tickets (1 … n) for an input value against a target value, both in cents. */
export function upgradeWinningTickets(inputCents: number, targetCents: number): number {
  if (!(targetCents > 0) || !(inputCents > 0)) return 0;
  // floor(input × (1 − edge) × TICKETS / target) in integers: the numerator is exact below 2^53,
  // and the quotient is corrected when the float division rounded up across an integer.
  const numerator = inputCents * KEPT_TICKETS;
  const q = Math.floor(numerator / targetCents);
  return q * targetCents > numerator ? q - 1 : q;
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

/** The cheapest target an input can aim at without passing the maximum chance, in cents. */
export function upgradeMinTargetCents(inputCents: number): number {
  return Math.ceil((inputCents * (1 - UPGRADE_EDGE)) / (UPGRADE_MAX_CHANCE / 100));
}

/** Where a ticket (1 … 100 000) sits on the gauge, in percent 0 … 99.999 (the scene's needle). */
export function upgradeTicketPercent(ticket: number): number {
  return (ticket - 1) / 1_000;
}

export function upgradeWins(ticket: number, inputCents: number, targetCents: number): boolean {
  return ticket <= upgradeWinningTickets(inputCents, targetCents);
}
