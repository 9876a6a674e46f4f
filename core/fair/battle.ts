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

/**
 * The split order of a winning team (published rule): its seats shuffled by the battle's own
 * seeds, so that no seat number, and no seat the creator picks, comes first. The team split gives
 * ties to the member that comes first in this order (core/games/battle.ts splitPrize). Floats 1,
 * 2, … of nonce 0 (float 0 is the tie-break's) shuffle the seats in ascending order.
 */
export function battleSplitOrder(serverSeed: string, publicSeed: string, members: readonly number[]): number[] {
  return shuffleSeats(members, floats(serverSeed, publicSeed, 0, members.length).slice(1));
}

/**
 * Fisher–Yates over the seats in ascending order, from the last place down: place i (0-based)
 * swaps with place floor(fs[k] × (i + 1)), k = 0, 1, … (members.length − 1 floats).
 */
export function shuffleSeats(members: readonly number[], fs: readonly number[]): number[] {
  if (members.length === 0) throw new Error('a winning team has members');
  if (fs.length < members.length - 1) throw new Error(`shuffling ${members.length} seats takes ${members.length - 1} floats`);
  const order = members.slice().sort((a, b) => a - b);
  for (let i = order.length - 1, k = 0; i > 0; i--, k++) {
    const j = Math.floor(fs[k]! * (i + 1));
    const seat = order[i]!;
    order[i] = order[j]!;
    order[j] = seat;
  }
  return order;
}
