import { diceRoll, limboResult, pickByTicket, plinkoPath, ticket, ticketRanges } from '../../../../core/fair/index.ts';
import { diceDisplayMultiplier, diceWins } from '../../../../core/games/dice.ts';
import { limboWins } from '../../../../core/games/limbo.ts';
import { upgradeTicketPercent } from '../../../../core/games/upgrade.ts';
import { PLINKO_MULTIPLIERS, type PlinkoRows } from '../../../../core/games/plinkoPayouts.ts';
import type { BetReplay } from '../../../../core/protocol/transparency.ts';

// A bet's replay (docs/transparency.md, "Replay"): its outcome recomputed in the browser from the
// revealed seeds and the bet's stored parameters with core's own outcome code (core/fair, the code
// the server decides with), never copied from the stored result; then compared with the stored one.

export interface RevealedSeeds {
  server_seed: string;
  client_seed: string;
  nonce: number;
}

/** A box version's items as its public odds give them (GET /api/box-versions/:id), in its order. */
export interface VersionItem {
  id: number;
  name: string;
  odds_units: number;
}

/**
 * The outcome the seeds and the stored parameters give, in the stored outcome's shape; a box
 * opening's also needs its version's items (the odds its ticket is read against).
 */
export function recomputeReplay(stored: BetReplay, { server_seed: s, client_seed: c, nonce: n }: RevealedSeeds, boxItems: readonly VersionItem[] = []): BetReplay {
  switch (stored.game) {
    case 'box': {
      const ranges = ticketRanges(boxItems.map((i) => i.odds_units));
      return { ...stored, item_id: boxItems[pickByTicket(ticket(s, c, n), ranges)]!.id };
    }
    case 'dice': {
      const roll = diceRoll(s, c, n);
      return { ...stored, roll, win: diceWins(roll, stored.target, stored.direction) };
    }
    case 'limbo': {
      const result = limboResult(s, c, n);
      return { ...stored, result, win: limboWins(result, stored.target) };
    }
    case 'plinko':
      return { ...stored, ...plinkoPath(s, c, n, stored.rows) };
    case 'upgrade': {
      // The chance is the stored parameter (tickets 1 … chance × 1000 win, core/games/upgrade.ts).
      const drawn = ticket(s, c, n);
      return { ...stored, ticket: drawn, win: drawn <= Math.round(stored.chance * 1000) };
    }
  }
}

/** Whether the recomputed outcome is the stored one (same fields, same values). */
export function replayAgrees(stored: BetReplay, recomputed: BetReplay): boolean {
  return JSON.stringify(stored) === JSON.stringify({ ...stored, ...recomputed });
}

/** A plinko bet's multiplier of its slot on its table. */
export const plinkoMultiplierOf = (r: Extract<BetReplay, { game: 'plinko' }>) => PLINKO_MULTIPLIERS[r.rows as PlinkoRows][r.risk][r.slot] ?? 0;

/** The replayed outcome in words, as the game's page says it (a box opening: the item, by its version's names). */
export function replayWords(r: BetReplay, boxItems: readonly VersionItem[] = []): string {
  switch (r.game) {
    case 'box':
      return boxItems.find((i) => i.id === r.item_id)?.name ?? `Item ${r.item_id}`;
    case 'dice':
      return `Roll ${r.roll.toFixed(2)} · ${r.win ? `won ×${diceDisplayMultiplier(r.target, r.direction).toFixed(2)}` : 'no win'}`;
    case 'limbo':
      return `Result ${r.result.toFixed(2)}× · target ${r.target.toFixed(2)}× · ${r.win ? 'won' : 'no win'}`;
    case 'plinko':
      return `Slot ${r.slot} · ${plinkoMultiplierOf(r)}×`;
    case 'upgrade':
      return `Ticket ${r.ticket} (${upgradeTicketPercent(r.ticket).toFixed(2)} % on the dial) · chance ${r.chance.toFixed(3)} % · ${r.win ? 'upgraded' : 'no win'}`;
  }
}
