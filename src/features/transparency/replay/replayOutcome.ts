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
import { translator } from '../../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

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
const itemName = (versions: VersionItems, version: number, id: number) => versions.get(version)?.find((i) => i.id === id)?.name ?? t('item', { id });

/** A battle's side: a team in the team modes, a seat otherwise, numbered from 1. */
const sideWord = (r: ReplayedBattle, team: number) => (isTeamMode(r.mode) ? t('team', { team: team + 1 }) : t('seat', { seat: team + 1 }));

/** The parts of an outcome in words, as the page shows them: " · " between. */
const parts = (...words: string[]) => words.join(' · ');

const verdict = (won: boolean) => t(won ? 'won' : 'noWin');

/** The replayed outcome in words, as the game's page says it (a box opening or a battle: the items, by their versions' names). */
export function replayWords(r: Replayed, versions: VersionItems = new Map()): string {
  switch (r.game) {
    case 'box':
      return itemName(versions, r.box_version, r.item_id);
    case 'crash':
      return r.cashed_out_at === null
        ? parts(t('crashed', { multiplier: formatMultiplier(r.crash_point) }), t('noCashOut'), verdict(false))
        : parts(t('crashed', { multiplier: formatMultiplier(r.crash_point) }), t('cashedOutAt', { multiplier: formatMultiplier(r.cashed_out_at) }), verdict(r.win));
    case 'battle': {
      const rounds = r.rounds.map((round, i) => t(i === 0 ? 'firstRound' : 'round', { round: i + 1, items: round.items.map((id) => itemName(versions, round.box_version, id)).join(' / ') })).join('; ');
      const side = sideWord(r, r.winner_team);
      const won =
        r.tied.length > 1 ? t('sideWonTieBreak', { side, sides: r.tied.map((tied) => sideWord(r, tied)).reduce((first, second) => t('and', { first, second })) }) : t('sideWon', { side });
      const mine = teamSeats(r.mode, r.winner_team).includes(r.seat);
      return parts(rounds, won, t('thisBetSeat', { seat: r.seat + 1, verdict: verdict(mine) }));
    }
    case 'dice':
      return parts(t('roll', { roll: r.roll.toFixed(2) }), r.win ? t('wonTimes', { multiplier: diceDisplayMultiplier(r.target, r.direction).toFixed(2) }) : verdict(false));
    case 'limbo':
      return parts(t('result', { result: r.result.toFixed(2) }), t('target', { target: r.target.toFixed(2) }), verdict(r.win));
    case 'plinko':
      return parts(t('slot', { slot: r.slot }), `${plinkoMultiplierOf(r)}×`);
    case 'upgrade':
      return parts(t('ticket', { ticket: r.ticket, percent: upgradeTicketPercent(r.ticket).toFixed(2) }), t('chance', { chance: r.chance.toFixed(3) }), r.win ? t('upgraded') : verdict(false));
    case 'wheel': {
      const landed = wheelColorAt(r.segment);
      return parts(t('segment', { segment: r.segment, color: WHEEL_COLOR_LABELS[landed], multiplier: wheelMultiplier(landed) }), t('betOn', { color: WHEEL_COLOR_LABELS[r.color] }), verdict(landed === r.color));
    }
    case 'mines': {
      const tiles = t('minesOn', { tiles: r.mine_tiles.join(', ') });
      return r.status === 'lost'
        ? parts(tiles, t('gemsThenMine', { count: r.revealed.length - 1 }), verdict(false))
        : parts(tiles, t('gems', { count: r.revealed.length }), t('cashedOut'));
    }
  }
}
