import { battlePublicSeed, battleRolls, battleTieBreak, crashPoint, diceRoll, limboResult, minesBoard, pickByTicket, plinkoPath, ticket, ticketRanges, wheelResult } from '../../../../core/fair/index.ts';
import { battleOutcome, isTeamMode, seatTotals, teamSeats } from '../../../../core/games/battle.ts';
import { centsOf, centsToCoins } from '../../../../core/money/cents.ts';
import { formatMultiplier } from '../../../../scenes/crash/crashChart.ts';
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
  /** Coins, the catalog's price now. */
  price: number;
  odds_units: number;
}

/** The items of the box versions a replay reads its odds from, by version id. */
export type VersionItems = ReadonlyMap<number, readonly VersionItem[]>;

/** A Mines board replayed: the stored shape, with where its mines lie (the seeds' alone: the journal never stores them). */
export type ReplayedMines = Extract<BetReplay, { game: 'mines' }> & { mine_tiles: number[] };

/**
 * A battle replayed: the stored shape, with each seat's total (coins) after each round at the
 * battle's prices, and the teams that tied for the win (more than one: the tie-break decided).
 */
export type ReplayedBattle = Extract<BetReplay, { game: 'battle' }> & { totals: number[][]; tied: number[] };

/** A replayed outcome: the stored outcome's shape (a Mines board's with its mines, a battle's with its totals). */
export type Replayed = Exclude<BetReplay, { game: 'mines' | 'battle' }> | ReplayedMines | ReplayedBattle;

/** The games whose replay carries its own seeds: a round's revealed chain hash and salt, a battle's revealed seeds. */
const OWN_SEEDS = new Set<BetReplay['game']>(['wheel', 'crash', 'battle']);

/** Whether the page can replay the bet now: a round's or a battle's replay carries its revealed seeds, a seed pair's bet waits for its pair to be revealed. */
export const canReplay = (stored: BetReplay, seeds: RevealedSeeds | null): boolean => OWN_SEEDS.has(stored.game) || seeds !== null;

/** The box versions whose odds a replay reads (a box opening's, a battle's rounds'), each once. */
export function replayVersions(stored: BetReplay): number[] {
  if (stored.game === 'box') return [stored.box_version];
  if (stored.game === 'battle') return [...new Set(stored.rounds.map((r) => r.box_version))];
  return [];
}

/** A version's items, as loaded for the replay. */
function itemsOf(versions: VersionItems, id: number): readonly VersionItem[] {
  const items = versions.get(id);
  if (!items) throw new Error(`box version ${id} is not loaded`);
  return items;
}

/**
 * A battle's rounds from its revealed seeds, as the server decides them (server/games/battles/battles.ts):
 * the public seed is SHA-256 of the seats' client seeds; in round r seat s reads ticket s of nonce r,
 * against the round's box version's ticket ranges. The winner: the best total (the lowest in crazy
 * mode) at the battle's prices, a tie settled by the published tie-break rule.
 */
function recomputeBattle(stored: Extract<BetReplay, { game: 'battle' }>, versions: VersionItems): ReplayedBattle {
  const { server_seed: server, client_seeds: clients } = stored;
  const publicSeed = battlePublicSeed(clients);
  const rounds = stored.rounds.map((round, r) => {
    const items = itemsOf(versions, round.box_version);
    const ranges = ticketRanges(items.map((i) => i.odds_units));
    return { ...round, items: battleRolls(server, publicSeed, r + 1, clients.length).map((t) => items[pickByTicket(t, ranges)]!.id) };
  });
  // The battle valued every item at its price when it started; an item it never rolled (a replay
  // that disagrees) at the catalog's price now.
  const priced = new Map(stored.prices.map((p) => [p.item_id, p.price]));
  const values = rounds.map((round) => round.items.map((id) => centsOf(priced.get(id) ?? itemsOf(versions, round.box_version).find((i) => i.id === id)!.price)));
  const totals = values.map((_, r) => seatTotals(values.slice(0, r + 1), clients.length).map(centsToCoins));
  const outcome = battleOutcome(stored.mode, stored.crazy, seatTotals(values, clients.length), (tied) => battleTieBreak(server, publicSeed, tied));
  return { ...stored, rounds, winner_team: outcome.winnerTeam, totals, tied: outcome.tied };
}

/**
 * The outcome the seeds and the stored parameters give, in the stored outcome's shape; a box
 * opening's and a battle's also need their versions' items (the odds their tickets are read against).
 * A round bet's seeds are its round's chain hash and the chain's salt, a battle's its revealed server
 * seed and its seats' client seeds; every other game's, its revealed seed pair.
 */
export function recomputeReplay(stored: BetReplay, seeds: RevealedSeeds | null, versions: VersionItems = new Map()): Replayed {
  if (stored.game === 'wheel') return { ...stored, segment: wheelResult(stored.hash, stored.salt, WHEEL_SEGMENTS) };
  if (stored.game === 'crash') {
    // A cash-out wins when the curve reached it: at or below the crash point (a target equal to it is reached).
    const point = crashPoint(stored.hash, stored.salt);
    return { ...stored, crash_point: point, win: stored.cashed_out_at !== null && centsOf(stored.cashed_out_at) <= centsOf(point) };
  }
  if (stored.game === 'battle') return recomputeBattle(stored, versions);
  if (!seeds) throw new Error(`a ${stored.game} bet replays from its revealed seed pair`);
  const { server_seed: s, client_seed: c, nonce: n } = seeds;
  switch (stored.game) {
    case 'box': {
      const boxItems = itemsOf(versions, stored.box_version);
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

/** An item by its version's name. */
const itemName = (versions: VersionItems, version: number, id: number) => versions.get(version)?.find((i) => i.id === id)?.name ?? `Item ${id}`;

/** A battle's side: a team in the team modes, a seat otherwise, numbered from 1. */
const sideWord = (r: ReplayedBattle, team: number) => (isTeamMode(r.mode) ? `Team ${team + 1}` : `Seat ${team + 1}`);

/** The replayed outcome in words, as the game's page says it (a box opening or a battle: the items, by their versions' names). */
export function replayWords(r: Replayed, versions: VersionItems = new Map()): string {
  switch (r.game) {
    case 'box':
      return itemName(versions, r.box_version, r.item_id);
    case 'crash':
      return `Crashed at ${formatMultiplier(r.crash_point)} · ${r.cashed_out_at === null ? 'no cash-out · no win' : `cashed out at ${formatMultiplier(r.cashed_out_at)} · ${r.win ? 'won' : 'no win'}`}`;
    case 'battle': {
      const rounds = r.rounds.map((round, i) => `${i === 0 ? 'Round' : 'round'} ${i + 1}: ${round.items.map((id) => itemName(versions, round.box_version, id)).join(' / ')}`).join('; ');
      const tie = r.tied.length > 1 ? ` (tie-break over ${r.tied.map((t) => sideWord(r, t)).join(' and ')})` : '';
      const mine = teamSeats(r.mode, r.winner_team).includes(r.seat);
      return `${rounds} · ${sideWord(r, r.winner_team)} won${tie} · this bet's seat ${r.seat + 1}: ${mine ? 'won' : 'no win'}`;
    }
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
