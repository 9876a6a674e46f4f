import { DICE_MAX_BET, DICE_MIN_BET, DICE_MIN_CHANCE } from './dice.ts';
import { DICE_RETURN } from './dicePayout.ts';
import { LIMBO_MAX_BET, LIMBO_MAX_TARGET, LIMBO_MIN_BET, LIMBO_RETURN_PERCENT } from './limbo.ts';
import { PLINKO_MAX_BET, PLINKO_MIN_BET, PLINKO_MULTIPLIERS } from './plinko.ts';
import { isPlinkoRisk, isPlinkoRows, plinkoReturn } from './plinkoPayouts.ts';
import { CRASH_MAX_BET, CRASH_MAX_PAYOUT_PER_BET, CRASH_MIN_BET, CRASH_RETURN, crashPointHundredths } from './crash.ts';
import { hundredthsToMultiplier } from './multiplier.ts';
import { WHEEL_COLORS, WHEEL_COLOR_LABELS, WHEEL_MAX_BET, WHEEL_MIN_BET, WHEEL_MULTIPLIERS, wheelReturnFraction, type WheelColor } from './wheel.ts';
import { UPGRADE_EDGE } from './upgrade.ts';
import { CUSTOM_BOX_EDGE, HOUSE_EDGE } from './boxes.ts';
import { MINES_MAX_BET, MINES_MAX_PAYOUT, MINES_MIN_BET, MINES_RETURN } from './mines.ts';
import { GAME_BASICS, gamesOfKind, type GameKind, type GameOfKind } from './gameBasics.ts';

// The game catalog: one entry per game the shop runs, and the one place a game is named. Every list
// of games elsewhere derives from this table (docs/architecture.md, "The game descriptor"): the
// history filters and labels, the console's reports and their published returns, the game settings
// and their bounds, the ledger reasons and what each is to play, the fairness pages and verify links,
// the round engine's games, the zod enums of the answers, the database's `games` table. Adding a game
// is its line in core/games/gameBasics.ts, its entry here and its own folders;
// tests/architecture/gameNames.test.ts fails when a game id is written out as a string anywhere else.
//
// This module may import the games' rule modules (dice.ts, plinko.ts, …) for their limits and
// returns; those must never import it (nor anything that does), or the modules form a cycle. Each
// game's id, kind and fairness page come from core/games/gameBasics.ts, which the browser's lists of
// games read without loading these rules; an entry here is required for every game listed there.

export { gamesOfKind, type GameKind, type GameOfKind };

/** One game's limits in cents. `maxPayout`: the most one bet may win (stake included). */
export interface GameLimits {
  minBet: number;
  maxBet: number;
  maxPayout: number;
}

/**
 * What a ledger reason of a game is to play: a stake, a stake given back (`refunds` names the stake
 * it gives back), or a coin win. Reasons that are not play (deposits, item sales, rewards) are not
 * any game's: core/protocol/history.ts lists them.
 */
export type GameReason = { readonly label: string; readonly role: 'stake' } | { readonly label: string; readonly role: 'win' } | { readonly label: string; readonly role: 'stake_refund'; readonly refunds: string };

/** A stored bet's parameters and outcome (the JSON columns of its row). */
export interface StoredBet {
  readonly params: Readonly<Record<string, unknown>>;
  readonly outcome: Readonly<Record<string, unknown>>;
}

/** A bet as its history line reads it: besides what was asked and decided, its game's own status, what it paid (cents) and the multiplier shown. */
export interface SettledBet extends StoredBet {
  readonly status: string | null;
  readonly payout: number | null;
  readonly multiplier: number | null;
}

const times = (m: number) => `${m.toFixed(2)}×`;
const wonOrLost = (outcome: Readonly<Record<string, unknown>>) => (outcome.win ? 'won' : 'lost');

/** What a seed-pair game's calculator needs besides the seeds and nonce (filled into its verify link). */
export interface SeedPairLinkParams {
  rows?: number;
  risk?: string;
  chance?: number;
  /** A box opening: the box version (its odds) it was played with. */
  box_version?: number;
}

/**
 * How a game's outcomes are proved (docs/fairness.md):
 * - seed_pair: the player's seed pair and a nonce; `page` is the calculator that a bet's verify link
 *   fills (?server_seed=&client_seed=&nonce=…, core/games/verifyPaths.ts), `linkInputs` the game's own
 *   calculator fields picked from the stored bet (never the whole params: they may name inventory ids);
 * - hash_chain: a published hash chain per game (server/fair/hashChains.ts); `page` is the game's
 *   fairness page, filled with a round's hash (roundFairHref);
 * - battle_seeds: the battle's server seed and every seat's client seed (battleVerifyPath).
 */
export type FairnessScheme = { readonly scheme: 'seed_pair'; readonly page: string; readonly linkInputs: (bet: StoredBet) => SeedPairLinkParams } | { readonly scheme: 'hash_chain'; readonly page: string } | { readonly scheme: 'battle_seeds'; readonly page: string };

/**
 * One game. To add a game, add an entry: every field is required, so the type checker names what a
 * new game must decide.
 */
export interface GameDescriptor {
  readonly kind: GameKind;
  /** The game's name on the history filters and table (the player's history). */
  readonly historyLabel: string;
  /** The game's name on the console's reports. */
  readonly reportLabel: string;
  /**
   * The game's key on the console's reports answer and CSV (GET /api/admin/reports): its id, except
   * where the console already reads another spelling (`boxes`, `battles`), which stays on the wire.
   */
  readonly reportKey: string;
  /** The ledger kind its reasons file under on the transactions list ('games', box openings 'boxes'). */
  readonly ledgerKind: 'games' | 'boxes';
  /** Every ledger reason the wallet writes for this game, keyed by the reason as stored. */
  readonly reasons: Readonly<Record<string, GameReason>>;
  /**
   * The bet range and payout cap an admin may narrow in the console (null: the game has no settings).
   * `payoutCap`: whether the console sets the payout cap, or it is the server's configuration.
   */
  readonly settings: { readonly bounds: GameLimits; readonly payoutCap: boolean } | null;
  /**
   * The return the game publishes, as a fraction of the stake, for one bet with its parameter (a
   * plinko "rows:risk", a wheel colour, a box's type); null when the parameter is unknown.
   */
  readonly publishedReturn: (param: string | null) => number | null;
  /**
   * Where the console's reports read that parameter for a bet: the named keys of the params on the
   * game's own bet row (an instant game's `game_bets`, a round game's `round_bets`), joined by ':';
   * the type of the box an opening opened; or null when one return holds for every bet.
   */
  readonly returnParam: { readonly from: 'bet_params'; readonly keys: readonly string[] } | { readonly from: 'box_type' } | null;
  /** The nominal house edge in basis points (1 % = 100): what the cashback pays a share of. */
  readonly houseEdgeBp: number;
  /** Whether a referred player's settled bets earn the referrer a commission (docs/community.md). */
  readonly referralCommission: boolean;
  readonly fairness: FairnessScheme;
  /**
   * The result in words on the player's history line, from the stored bet; null where the game's kind
   * words it (a box opening: the item and its box; a battle seat: won, lost or why it was canceled).
   * A round bet still in play, refunded or canceled, and a stateful game's bet still open, are worded
   * by their kind before this is asked.
   */
  readonly betResult: ((bet: SettledBet) => string) | null;
  /**
   * Whether a stake of this game counts toward XP (levels) and toward the player's wager limits
   * (`gamesCountingStakes`). Every game's does today, and the bets journal's XP trigger (migration
   * 1110) counts every stake: a game that sets `xp: false` needs that trigger to read this first.
   */
  readonly stakeCounts: { readonly xp: boolean; readonly limits: boolean };
  /**
   * How much of a stake counts toward a bonus's wagering requirement, in percent (docs/bonuses.md):
   * the games whose return is fixed and published count whole; a box or an upgrade pays items that
   * can be sold back, a battle seat can be refunded while it waits, so they count less or not at all.
   */
  readonly bonusWeightPct: number;
  /**
   * A game that hands out items shows its wins in the live drops feed (docs/realtime.md, "Drops"):
   * `tile` names it on the feed's tile (null: a box opening, named by its box), `where` says where it
   * was won after "{player} won {item} worth {value}" and `source` names it in the side panel, both
   * from the drop's box name. Where the tile links is the light part's `dropPath` (gameBasics.ts).
   */
  readonly liveDrop?: { readonly tile: string | null; readonly where: (box: string) => string; readonly source: (box: string) => string };
}

const bestMultiplier = {
  dice: 99 / DICE_MIN_CHANCE,
  plinko: Math.max(...Object.values(PLINKO_MULTIPLIERS).flatMap((byRisk) => Object.values(byRisk).flat())),
  wheel: Math.max(...Object.values(WHEEL_MULTIPLIERS)) / 100,
};
const everyStakeCounts = { xp: true, limits: true } as const;

export const GAMES = {
  box: {
    kind: GAME_BASICS.box.kind,
    historyLabel: 'Boxes',
    reportLabel: 'Boxes',
    reportKey: 'boxes',
    ledgerKind: 'boxes',
    reasons: {
      box_open: { label: 'Box opened', role: 'stake' },
      user_box_open: { label: 'Player box opened', role: 'stake' },
    },
    settings: null,
    publishedReturn: (param) => 1 - (param === 'custom' ? CUSTOM_BOX_EDGE : HOUSE_EDGE),
    returnParam: { from: 'box_type' },
    houseEdgeBp: Math.round(HOUSE_EDGE * 10_000),
    referralCommission: true,
    fairness: { scheme: 'seed_pair', page: GAME_BASICS.box.fairnessPage, linkInputs: ({ params }) => (params.box_version ? { box_version: Number(params.box_version) } : {}) },
    betResult: null,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 50,
    liveDrop: { tile: null, where: (box) => `from ${box}`, source: (box) => box },
  },
  battle: {
    kind: GAME_BASICS.battle.kind,
    historyLabel: 'Battles',
    reportLabel: 'Battles',
    reportKey: 'battles',
    ledgerKind: 'games',
    reasons: {
      battle_stake: { label: 'Battle seat', role: 'stake' },
      battle_refund: { label: 'Battle seat refunded', role: 'stake_refund', refunds: 'battle_stake' },
    },
    settings: null,
    // Each seat expects its share of the boxes' value: the standard boxes' return (docs/battles.md).
    publishedReturn: () => 1 - HOUSE_EDGE,
    returnParam: null,
    houseEdgeBp: Math.round(HOUSE_EDGE * 10_000),
    // A battle stake can still be refunded while the battle waits for players.
    referralCommission: false,
    fairness: { scheme: 'battle_seeds', page: GAME_BASICS.battle.fairnessPage },
    betResult: null,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 0,
    liveDrop: { tile: 'Battle', where: (box) => `in a battle of ${box}`, source: (box) => `Battle · ${box}` },
  },
  upgrade: {
    kind: GAME_BASICS.upgrade.kind,
    historyLabel: 'Upgrade',
    reportLabel: 'Upgrade',
    reportKey: 'upgrade',
    ledgerKind: 'games',
    reasons: {
      upgrade_bet: { label: 'Upgrade bet', role: 'stake' },
    },
    settings: null,
    publishedReturn: () => 1 - UPGRADE_EDGE,
    returnParam: null,
    houseEdgeBp: Math.round(UPGRADE_EDGE * 10_000),
    referralCommission: true,
    fairness: { scheme: 'seed_pair', page: GAME_BASICS.upgrade.fairnessPage, linkInputs: ({ outcome }) => ({ chance: Number(outcome.chance) }) },
    betResult: ({ outcome }) => `${outcome.win ? 'Won' : 'Lost'} at ${Number(outcome.chance)}% chance`,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 50,
    liveDrop: { tile: 'Upgrade', where: () => 'in an upgrade', source: () => 'Upgrade' },
  },
  crash: {
    kind: GAME_BASICS.crash.kind,
    historyLabel: 'Crash',
    reportLabel: 'Crash',
    reportKey: 'crash',
    ledgerKind: 'games',
    reasons: {
      crash_bet: { label: 'Crash bet', role: 'stake' },
      crash_win: { label: 'Crash cash-out', role: 'win' },
      crash_refund: { label: 'Crash bet refunded', role: 'stake_refund', refunds: 'crash_bet' },
      crash_cancel: { label: 'Crash bet canceled', role: 'stake_refund', refunds: 'crash_bet' },
    },
    // Crash caps each bet's and each round's payout in its round engine (cash-outs at the cap,
    // docs/crash.md), from the server's configuration: a cap changed while a round flies would break
    // the rule that its cap only rises, so the console leaves it alone. Its payout per bet is already a cap.
    settings: { bounds: { minBet: CRASH_MIN_BET, maxBet: CRASH_MAX_BET, maxPayout: CRASH_MAX_PAYOUT_PER_BET }, payoutCap: false },
    publishedReturn: () => CRASH_RETURN,
    returnParam: null,
    houseEdgeBp: 100,
    referralCommission: true,
    fairness: { scheme: 'hash_chain', page: GAME_BASICS.crash.fairnessPage },
    betResult: ({ status, multiplier, outcome }) => {
      if (status === 'cashed_out' && multiplier !== null) return `Cashed out at ${times(multiplier)}`;
      return outcome.crash_point === undefined ? 'Lost' : `Lost, crashed at ${times(hundredthsToMultiplier(crashPointHundredths(Number(outcome.crash_point))))}`;
    },
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 100,
  },
  wheel: {
    kind: GAME_BASICS.wheel.kind,
    historyLabel: 'Wheel',
    reportLabel: 'Wheel',
    reportKey: 'wheel',
    ledgerKind: 'games',
    reasons: {
      wheel_bet: { label: 'Wheel bet', role: 'stake' },
      wheel_win: { label: 'Wheel win', role: 'win' },
      wheel_refund: { label: 'Wheel bet refunded', role: 'stake_refund', refunds: 'wheel_bet' },
      wheel_cancel: { label: 'Wheel bet canceled', role: 'stake_refund', refunds: 'wheel_bet' },
    },
    settings: { bounds: { minBet: WHEEL_MIN_BET, maxBet: WHEEL_MAX_BET, maxPayout: Math.floor(WHEEL_MAX_BET * bestMultiplier.wheel) }, payoutCap: true },
    publishedReturn: (param) => {
      if (!(WHEEL_COLORS as readonly string[]).includes(param ?? '')) return null;
      const { numerator, denominator } = wheelReturnFraction(param as WheelColor);
      return numerator / denominator;
    },
    returnParam: { from: 'bet_params', keys: ['color'] },
    houseEdgeBp: 100,
    // Each colour has its own return, so the wheel has no single settled edge to share.
    referralCommission: false,
    fairness: { scheme: 'hash_chain', page: GAME_BASICS.wheel.fairnessPage },
    // The colour by the name the wheel shows (gold is "Crazy"), never the stored id.
    betResult: ({ params, status }) => `Bet ${WHEEL_COLOR_LABELS[params.color as WheelColor] ?? String(params.color)}, ${status === 'won' ? 'won' : 'lost'}`,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 100,
  },
  plinko: {
    kind: GAME_BASICS.plinko.kind,
    historyLabel: 'Plinko',
    reportLabel: 'Plinko',
    reportKey: 'plinko',
    ledgerKind: 'games',
    reasons: {
      plinko_bet: { label: 'Plinko bet', role: 'stake' },
      plinko_win: { label: 'Plinko win', role: 'win' },
    },
    settings: { bounds: { minBet: PLINKO_MIN_BET, maxBet: PLINKO_MAX_BET, maxPayout: Math.floor(PLINKO_MAX_BET * bestMultiplier.plinko) }, payoutCap: true },
    publishedReturn: (param) => {
      const [rows, risk] = (param ?? '').split(':');
      const n = Number(rows);
      return isPlinkoRows(n) && risk !== undefined && isPlinkoRisk(risk) ? plinkoReturn(n, risk) : null;
    },
    returnParam: { from: 'bet_params', keys: ['rows', 'risk'] },
    houseEdgeBp: 100,
    referralCommission: true,
    fairness: { scheme: 'seed_pair', page: GAME_BASICS.plinko.fairnessPage, linkInputs: ({ params }) => ({ rows: Number(params.rows), risk: String(params.risk) }) },
    betResult: ({ params, outcome }) => `Slot ${Number(outcome.slot)} of ${Number(params.rows)} rows, ${String(params.risk)} risk`,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 100,
  },
  dice: {
    kind: GAME_BASICS.dice.kind,
    historyLabel: 'Dice',
    reportLabel: 'Dice',
    reportKey: 'dice',
    ledgerKind: 'games',
    reasons: {
      dice_bet: { label: 'Dice bet', role: 'stake' },
      dice_win: { label: 'Dice win', role: 'win' },
    },
    settings: { bounds: { minBet: DICE_MIN_BET, maxBet: DICE_MAX_BET, maxPayout: Math.floor(DICE_MAX_BET * bestMultiplier.dice) }, payoutCap: true },
    publishedReturn: () => DICE_RETURN,
    returnParam: null,
    houseEdgeBp: 100,
    referralCommission: true,
    fairness: { scheme: 'seed_pair', page: GAME_BASICS.dice.fairnessPage, linkInputs: () => ({}) },
    betResult: ({ params, outcome }) => `Roll ${Number(outcome.roll).toFixed(2)} (${String(params.direction)} ${Number(params.target).toFixed(2)}), ${wonOrLost(outcome)}`,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 100,
  },
  limbo: {
    kind: GAME_BASICS.limbo.kind,
    historyLabel: 'Limbo',
    reportLabel: 'Limbo',
    reportKey: 'limbo',
    ledgerKind: 'games',
    reasons: {
      limbo_bet: { label: 'Limbo bet', role: 'stake' },
      limbo_win: { label: 'Limbo win', role: 'win' },
    },
    settings: { bounds: { minBet: LIMBO_MIN_BET, maxBet: LIMBO_MAX_BET, maxPayout: LIMBO_MAX_BET * LIMBO_MAX_TARGET }, payoutCap: true },
    // Every target returns 99 % (docs/limbo.md), less the cent a win's rounding down may keep.
    publishedReturn: () => LIMBO_RETURN_PERCENT / 100,
    returnParam: null,
    houseEdgeBp: 100,
    referralCommission: true,
    fairness: { scheme: 'seed_pair', page: GAME_BASICS.limbo.fairnessPage, linkInputs: () => ({}) },
    betResult: ({ params, outcome }) => `Result ${times(Number(outcome.result))} (target ${times(Number(params.target))}), ${wonOrLost(outcome)}`,
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 100,
  },
  mines: {
    kind: GAME_BASICS.mines.kind,
    historyLabel: 'Mines',
    reportLabel: 'Mines',
    reportKey: 'mines',
    ledgerKind: 'games',
    reasons: {
      mines_bet: { label: 'Mines bet', role: 'stake' },
      mines_win: { label: 'Mines cash-out', role: 'win' },
    },
    // A board pays at most the cap in force when it started: a reveal that reaches it cashes out at
    // it (docs/mines.md), so the cap is the rules' own largest payout, not a multiple of the best odds.
    settings: { bounds: { minBet: MINES_MIN_BET, maxBet: MINES_MAX_BET, maxPayout: MINES_MAX_PAYOUT }, payoutCap: true },
    publishedReturn: () => MINES_RETURN,
    returnParam: null,
    houseEdgeBp: 100,
    referralCommission: true,
    // The board's mine count is not in the journal, so the link fills the seeds and nonce only.
    fairness: { scheme: 'seed_pair', page: GAME_BASICS.mines.fairnessPage, linkInputs: () => ({}) },
    // A board's line reads the journal alone (its own row holds the tiles, not the line's words).
    betResult: ({ payout, multiplier }) => (payout !== null && payout > 0 && multiplier !== null ? `Cashed out at ${times(multiplier)}` : 'Lost'),
    stakeCounts: everyStakeCounts,
    bonusWeightPct: 100,
  },
} as const satisfies Record<keyof typeof GAME_BASICS, GameDescriptor>;

type Games = typeof GAMES;
export type GameId = keyof Games;
export const GAME_IDS = Object.keys(GAMES) as GameId[];

export function isGameId(value: string): value is GameId {
  return Object.hasOwn(GAMES, value);
}

/** The descriptor of a game, typed as the general shape (for code that treats every game alike). */
export const descriptorOf = (id: GameId): GameDescriptor => GAMES[id];

/** The games whose wins the live drops feed shows (their `liveDrop`), in catalog order. */
export type DropGame = { [G in GameId]: Games[G] extends { liveDrop: object } ? G : never }[GameId];
export const DROP_GAMES = GAME_IDS.filter((g) => 'liveDrop' in GAMES[g]) as [DropGame, ...DropGame[]];

/** The games whose outcomes a seed pair and nonce decide (their bets link to a calculator). */
export type SeedPairGame = { [G in GameId]: Games[G]['fairness']['scheme'] extends 'seed_pair' ? G : never }[GameId];
/** The games run on a published hash chain (their rounds are shared by every player). */
export type HashChainGame = { [G in GameId]: Games[G]['fairness']['scheme'] extends 'hash_chain' ? G : never }[GameId];
export const HASH_CHAIN_GAMES = GAME_IDS.filter((g) => GAMES[g].fairness.scheme === 'hash_chain') as HashChainGame[];
/** The games whose bets one request decides and writes as a `game_bets` row. */
export type InstantGame = GameOfKind<'instant'>;
export const INSTANT_GAMES: readonly InstantGame[] = gamesOfKind('instant');
/** The games one stake plays over several requests, its state kept between them (a Mines board). */
export type StatefulGame = GameOfKind<'stateful'>;
export const STATEFUL_GAMES: readonly StatefulGame[] = gamesOfKind('stateful');
/** The games whose pages list single bets under the board (GET /api/{game}/history): the instant and the stateful ones. */
export type HistoryRowGame = InstantGame | StatefulGame;
export const HISTORY_ROW_GAMES: readonly HistoryRowGame[] = [...INSTANT_GAMES, ...STATEFUL_GAMES];
/** The instant games that pay coins (a reason of role 'win'); upgrade pays an item. */
export type CoinInstantGame = { [G in InstantGame]: 'win' extends RolesOf<G> ? G : never }[InstantGame];
type RolesOf<G extends GameId> = Games[G]['reasons'][keyof Games[G]['reasons']] extends infer E ? (E extends { role: infer R } ? R : never) : never;

/** The games whose settings the console sets (a type and the list, in catalog order). */
export type SettingGame = { [G in GameId]: Games[G]['settings'] extends null ? never : G }[GameId];
export const SETTING_GAMES = GAME_IDS.filter((g) => GAMES[g].settings !== null) as SettingGame[];

/** Every ledger reason some game writes (a type: the keys of every entry's reasons). */
export type GameReasonKey = { [G in GameId]: keyof Games[G]['reasons'] & string }[GameId];
/** Every game's reasons in one table, keyed by the reason, with the game that writes it. */
export const GAME_REASONS = Object.fromEntries(GAME_IDS.flatMap((id) => Object.entries(descriptorOf(id).reasons).map(([reason, r]) => [reason, { ...r, game: id }]))) as Readonly<
  Record<GameReasonKey, GameReason & { game: GameId }>
>;

/** The wire key of a game on the console's reports (a type and the list, in catalog order). */
export type ReportKey = Games[GameId]['reportKey'];
export const REPORT_KEYS = GAME_IDS.map((g) => GAMES[g].reportKey) as ReportKey[];
/** The game a report key names, or null. */
export function gameOfReportKey(key: string): GameId | null {
  return GAME_IDS.find((g) => GAMES[g].reportKey === key) ?? null;
}

/** The games whose stakes count toward XP, or toward the player's wager limits. */
export function gamesCountingStakes(toward: 'xp' | 'limits'): GameId[] {
  return GAME_IDS.filter((g) => descriptorOf(g).stakeCounts[toward]);
}

/** A zod enum's values from a derived list (z.enum wants a non-empty tuple). */
export function enumValues<T extends string>(values: readonly T[]): [T, ...T[]] {
  if (values.length === 0) throw new Error('a game list derived from the catalog is empty');
  return [...values] as [T, ...T[]];
}
