import { ticket } from '../../core/fair/index.ts';
import type { Roll } from '../fair/seedPairs.ts';

// One box-opening roll: the ticket a seed-pair roll yields (docs/fairness.md: ticket =
// floor(float × 100 000) + 1), with what the opening's answer shows of the roll.
export interface BoxRoll {
  ticket: number;
  nonce: number;
  seedPairId: number;
  serverSeedHash: string;
  clientSeed: string;
}

export function boxRoll(roll: Roll): BoxRoll {
  return {
    ticket: ticket(roll.serverSeed, roll.clientSeed, roll.nonce),
    nonce: roll.nonce,
    seedPairId: roll.seedPairId,
    serverSeedHash: roll.serverSeedHash,
    clientSeed: roll.clientSeed,
  };
}
