import { ticket } from '../../core/fair/index.ts';
import { nextRoll } from '../fair/seedPairs.ts';
import type { Trx } from '../wallet/wallet.ts';

// One box-opening roll: the player's next seed-pair nonce (inside the opening's transaction) and
// the ticket it yields (docs/fairness.md: ticket = floor(float × 100 000) + 1).
export interface BoxRoll {
  ticket: number;
  nonce: number;
  seedPairId: number;
  serverSeedHash: string;
  clientSeed: string;
}

export async function rollTicket(trx: Trx, userId: number): Promise<BoxRoll> {
  const roll = await nextRoll(trx, userId);
  return {
    ticket: ticket(roll.serverSeed, roll.clientSeed, roll.nonce),
    nonce: roll.nonce,
    seedPairId: roll.seedPairId,
    serverSeedHash: roll.serverSeedHash,
    clientSeed: roll.clientSeed,
  };
}
