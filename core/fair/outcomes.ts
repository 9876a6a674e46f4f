import { floats } from './seedPair.ts';

// Outcome functions of the instant games. Each one reads floats from the seed-pair stream
// (seedPair.ts) and maps them with a published formula; none looks at a hash that was shown
// before the bet.

/** Dice: roll = floor(float × 10001) / 100, one of 10001 equally likely values 0.00 … 100.00. */
export function diceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  const [f] = floats(serverSeed, clientSeed, nonce, 1);
  return Math.floor(f! * 10001) / 100;
}

export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

/** Plinko: one float per row, direction = floor(float × 2) (0 left, 1 right); slot = number of rights. */
export function plinkoPath(serverSeed: string, clientSeed: string, nonce: number, rows: number): { path: number[]; slot: number } {
  if (!Number.isInteger(rows) || rows < PLINKO_MIN_ROWS || rows > PLINKO_MAX_ROWS) throw new Error(`rows must be an integer from ${PLINKO_MIN_ROWS} to ${PLINKO_MAX_ROWS}`);
  const path = floats(serverSeed, clientSeed, nonce, rows).map((f) => Math.floor(f * 2));
  return { path, slot: path.reduce((sum, d) => sum + d, 0) };
}

/**
 * Tickets for boxes, upgrades and battles: 1 … TICKETS, so odds resolve to 0.001 % (one ticket
 * of 100 000). A published odds table becomes cumulative ticket ranges (ticketRanges).
 */
export const TICKETS = 100_000;

/** ticket = floor(float × TICKETS) + 1. */
export function ticketFromFloat(f: number): number {
  return Math.floor(f * TICKETS) + 1;
}

export function ticket(serverSeed: string, clientSeed: string, nonce: number): number {
  const [f] = floats(serverSeed, clientSeed, nonce, 1);
  return ticketFromFloat(f!);
}

export interface TicketRange {
  /** First ticket (inclusive); `from > to` marks an item whose odds round to no ticket. */
  from: number;
  /** Last ticket (inclusive). */
  to: number;
}

/**
 * Cumulative ranges from per-item odds (percentages or any positive weights, in item order):
 * item i owns tickets (round(C[i-1]/total × TICKETS), round(C[i]/total × TICKETS)], C the
 * cumulative sums. Rounding the cumulative sums (not each item) makes the ranges tile
 * 1 … TICKETS exactly, whatever the odds add up to.
 */
export function ticketRanges(odds: readonly number[]): TicketRange[] {
  if (odds.length === 0) throw new Error('odds must list at least one item');
  if (odds.some((o) => !Number.isFinite(o) || o < 0)) throw new Error('odds must be non-negative numbers');
  const total = odds.reduce((a, b) => a + b, 0);
  if (!(total > 0)) throw new Error('odds must add up to more than 0');
  const ranges: TicketRange[] = [];
  let cumulative = 0;
  let previousEnd = 0;
  odds.forEach((o, i) => {
    cumulative += o;
    const end = i === odds.length - 1 ? TICKETS : Math.round((cumulative / total) * TICKETS);
    ranges.push({ from: previousEnd + 1, to: end });
    previousEnd = end;
  });
  return ranges;
}

/** Index of the range holding `ticketNumber`. */
export function pickByTicket(ticketNumber: number, ranges: readonly TicketRange[]): number {
  if (!Number.isInteger(ticketNumber) || ticketNumber < 1 || ticketNumber > TICKETS) throw new Error(`ticket must be an integer from 1 to ${TICKETS}`);
  const index = ranges.findIndex((r) => ticketNumber >= r.from && ticketNumber <= r.to);
  if (index < 0) throw new Error(`ticket ${ticketNumber} is in no range`);
  return index;
}

/** A wheel of `segments` equal segments from a seed pair: index = floor(float × segments). */
export function wheelSegment(serverSeed: string, clientSeed: string, nonce: number, segments: number): number {
  assertSegments(segments);
  const [f] = floats(serverSeed, clientSeed, nonce, 1);
  return Math.floor(f! * segments);
}

export function assertSegments(segments: number): void {
  if (!Number.isInteger(segments) || segments < 1) throw new Error('segments must be a positive integer');
}
