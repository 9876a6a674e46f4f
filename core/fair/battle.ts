import { floats } from './seedPair.ts';
import { ticketFromFloat } from './outcomes.ts';
import { sha256Hex } from './sha256.ts';

// Battles: the battle commits SHA-256(serverSeed) when it is created; the public seed is fixed only
// after the last seat fills, so neither the players nor the operator can steer the rolls.
// Rolls then use the seed-pair scheme with clientSeed = publicSeed and nonce = round (1, 2, …):
// seat s (0-based) reads float s of that round's stream.

/** The offline beacon: SHA-256 of all seats' client seeds in seat order, joined by ':'. */
export function battlePublicSeed(seatClientSeeds: readonly string[]): string {
  if (seatClientSeeds.length === 0) throw new Error('a battle has at least one seat');
  return sha256Hex(seatClientSeeds.join(':'));
}

/** One ticket (1 … TICKETS) per seat for one round (round ≥ 1). */
export function battleRolls(serverSeed: string, publicSeed: string, round: number, seats: number): number[] {
  if (!Number.isInteger(round) || round < 1) throw new Error('round must be a positive integer');
  if (!Number.isInteger(seats) || seats < 1) throw new Error('seats must be a positive integer');
  return floats(serverSeed, publicSeed, round, seats).map(ticketFromFloat);
}

/**
 * Tie-break (published rule): among tied seats listed in seat order, the winner is
 * tiedSeats[floor(float × tiedSeats.length)] with the first float of nonce 0, a nonce no round uses.
 */
export function battleTieBreak(serverSeed: string, publicSeed: string, tiedSeats: readonly number[]): number {
  if (tiedSeats.length === 0) throw new Error('no tied seats');
  const [f] = floats(serverSeed, publicSeed, 0, 1);
  return tiedSeats[Math.floor(f! * tiedSeats.length)]!;
}
