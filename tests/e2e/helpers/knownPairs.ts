import { createHash } from 'node:crypto';
import { E2E_PAIR_SEED } from '../../helpers/e2eRounds.ts';

// The e2e server's seed pairs are known (FAIR_PAIR_SEED, server/fair/seedPairs.ts): a named player's
// pair n (0 for the first) has the server seed SHA-256("<seed>:<name>:<n>"), so a journey computes
// that player's outcomes with core/fair before it plays, and plays the one it needs. A battle's
// server seed and its bots' client seeds derive from its creator's pair the same way.

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A seed the e2e server derives from what `known` names: SHA-256("<seed>:<known>"). */
const knownSeed = (known: string) => sha256Hex(`${E2E_PAIR_SEED}:${known}`);

/** The server seed of `name`'s pair `pairsBefore` on the e2e server. */
export function knownServerSeed(name: string, pairsBefore = 0): string {
  return knownSeed(`${name}:${pairsBefore}`);
}

/**
 * The seeds of a battle `creator` creates on the e2e server with `seats` seats (server/games/battles/
 * battles.ts): named after the creator's pair (its server seed's hash and nonce, 0 before any bet).
 * A bot in seat s plays with `botSeeds[s]`.
 */
export function knownBattleSeeds(creator: string, seats: number, pairsBefore = 0, nonce = 0): { serverSeed: string; botSeeds: string[] } {
  const known = `battle:${sha256Hex(knownServerSeed(creator, pairsBefore))}:${nonce}`;
  return { serverSeed: knownSeed(known), botSeeds: Array.from({ length: seats }, (_, seat) => knownSeed(`${known}:bot:${seat}`).slice(0, 16)) };
}

/** The first client seed (`<prefix>-0`, `<prefix>-1`, …) whose outcome passes `wins`. */
export function clientSeedWhere(prefix: string, wins: (clientSeed: string) => boolean): string {
  for (let i = 0; i < 100_000; i++) if (wins(`${prefix}-${i}`)) return `${prefix}-${i}`;
  throw new Error(`no client seed ${prefix}-… gives the outcome`);
}
