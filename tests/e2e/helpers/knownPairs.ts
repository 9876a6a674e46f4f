import { createHash } from 'node:crypto';
import { E2E_PAIR_SEED } from '../../helpers/e2eRounds.ts';

// The e2e server's seed pairs are known (FAIR_PAIR_SEED, server/fair/seedPairs.ts): a named player's
// pair n (0 for the first) has the server seed SHA-256("<seed>:<name>:<n>"), so a journey computes
// that player's outcomes with core/fair before it plays, and plays the one it needs.

/** The server seed of `name`'s pair `pairsBefore` on the e2e server. */
export function knownServerSeed(name: string, pairsBefore = 0): string {
  return createHash('sha256').update(`${E2E_PAIR_SEED}:${name}:${pairsBefore}`).digest('hex');
}

/** The first client seed (`<prefix>-0`, `<prefix>-1`, …) whose outcome passes `wins`. */
export function clientSeedWhere(prefix: string, wins: (clientSeed: string) => boolean): string {
  for (let i = 0; i < 100_000; i++) if (wins(`${prefix}-${i}`)) return `${prefix}-${i}`;
  throw new Error(`no client seed ${prefix}-… gives the outcome`);
}
