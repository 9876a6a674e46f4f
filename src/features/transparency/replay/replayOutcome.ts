import { diceRoll, limboResult, minesBoard, pickByTicket, plinkoPath, ticket, ticketRanges, wheelResult } from '../../../../core/fair/index.ts';
import { diceDisplayMultiplier, diceWins } from '../../../../core/games/dice.ts';
import { limboWins } from '../../../../core/games/limbo.ts';
import { upgradeTicketPercent } from '../../../../core/games/upgrade.ts';
import { WHEEL_COLOR_LABELS, WHEEL_SEGMENTS, wheelColorAt, wheelMultiplier } from '../../../../core/games/wheel.ts';
import { PLINKO_MULTIPLIERS, type PlinkoRows } from '../../../../core/games/plinkoPayouts.ts';
import type { BetReplay } from '../../../../core/protocol/transparency.ts';
import { plural } from '../../../format/format.ts';

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

/** A Mines board replayed: the stored shape, with where its mines lie (the seeds' alone: the journal never stores them). */
export type ReplayedMines = Extract<BetReplay, { game: 'mines' }> & { mine_tiles: number[] };

/** A replayed outcome: the stored outcome's shape (a Mines board's with its mines). */
export type Replayed = Exclude<BetReplay, { game: 'mines' }> | ReplayedMines;

/** Whether the page can replay the bet now: a round's replay carries its round's revealed hash, a seed pair's bet waits for its pair to be revealed. */
export const canReplay = (stored: BetReplay, seeds: RevealedSeeds | null): boolean => stored.game === 'wheel' || seeds !== null;

/**
 * The outcome the seeds and the stored parameters give, in the stored outcome's shape; a box
 * opening's also needs its version's items (the odds its ticket is read against). A wheel bet's seeds
 * are its round's chain hash and the chain's salt; every other game's, its revealed seed pair.
 */
export function recomputeReplay(stored: BetReplay, seeds: RevealedSeeds | null, boxItems: readonly VersionItem[] = []): Replayed {
  if (stored.game === 'wheel') return { ...stored, segment: wheelResult(stored.hash, stored.salt, WHEEL_SEGMENTS) };
  if (!seeds) throw new Error(`a ${stored.game} bet replays from its revealed seed pair`);
  const { server_seed: s, client_seed: c, nonce: n } = seeds;
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
    case 'mines': {
      // The tiles turned are the player's, in order; the seeds decide where the board ended: at the
      // first mine turned (lost), else when the player cashed out.
      const mineTiles = minesBoard(s, c, n, stored.mines);
      const hit = stored.revealed.findIndex((tile) => mineTiles.includes(tile));
      const revealed = hit < 0 ? stored.revealed : stored.revealed.slice(0, hit + 1);
      return { ...stored, revealed, status: hit < 0 ? 'cashed_out' : 'lost', mine_tiles: mineTiles };
    }
  }
}

/** Whether the recomputed outcome is the stored one: every stored field has the same value (a replay may hold more, as a board's mines). */
export function replayAgrees(stored: BetReplay, recomputed: Replayed): boolean {
  const again: Record<string, unknown> = recomputed;
  return Object.entries(stored).every(([field, value]) => JSON.stringify(value) === JSON.stringify(again[field]));
}

/** A plinko bet's multiplier of its slot on its table. */
export const plinkoMultiplierOf = (r: Extract<BetReplay, { game: 'plinko' }>) => PLINKO_MULTIPLIERS[r.rows as PlinkoRows][r.risk][r.slot] ?? 0;

/** The replayed outcome in words, as the game's page says it (a box opening: the item, by its version's names). */
export function replayWords(r: Replayed, boxItems: readonly VersionItem[] = []): string {
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
    case 'wheel': {
      const landed = wheelColorAt(r.segment);
      return `Segment ${r.segment}: ${WHEEL_COLOR_LABELS[landed]} ×${wheelMultiplier(landed)} · bet on ${WHEEL_COLOR_LABELS[r.color]} · ${landed === r.color ? 'won' : 'no win'}`;
    }
    case 'mines': {
      const gems = plural(r.status === 'lost' ? r.revealed.length - 1 : r.revealed.length, 'gem');
      return `Mines on tiles ${r.mine_tiles.join(', ')} · ${r.status === 'lost' ? `${gems}, then a mine · no win` : `${gems} · cashed out`}`;
    }
  }
}
