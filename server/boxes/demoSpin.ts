import { pickByTicket, ticket, ticketRanges } from '../../core/fair/index.ts';
import type { DemoOpening } from '../../core/protocol/boxDemo.ts';
import { newSeedCommitment, newClientSeed } from '../fair/seedPairs.ts';
import { itemSummary, type BoxWithItems } from './catalog.ts';

// A demo spin (docs/boxes.md "Demo spins"): the outcome is decided here, as an opening's is, from
// the box's published ticket ranges, but with a one-off seed pair that is revealed in the answer
// (nonces 1…quantity). Nothing is written: no wallet, no inventory, no drop, no seed-pair nonce.
export function demoSpin(box: BoxWithItems, quantity: number): DemoOpening[] {
  const ranges = ticketRanges(box.items.map((i) => i.odds_units));
  const { serverSeed, serverSeedHash } = newSeedCommitment();
  const clientSeed = newClientSeed();
  return Array.from({ length: quantity }, (_, k) => {
    const nonce = k + 1;
    const drawn = ticket(serverSeed, clientSeed, nonce);
    const item = box.items[pickByTicket(drawn, ranges)]!;
    return { item: itemSummary(item), roll: { ticket: drawn, nonce, server_seed: serverSeed, server_seed_hash: serverSeedHash, client_seed: clientSeed } };
  });
}
