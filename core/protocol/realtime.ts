// The realtime contract shared by the server, the browser client and the game scenes.
//
// Main socket (Pusher Channels protocol 7): channels and events with their payloads.
// Game sockets (socket.io): one namespace per round game with typed event maps, in the
// style of socket.io's own examples (`ServerEvents` are what the server emits, `ClientEvents`
// what the browser emits, acknowledged with `{data} | {error}`).

// ---------------------------------------------------------------- main socket (pusher)

/** The public channel of the live drops feed. */
export const DROPS_CHANNEL = 'drops';
export const LAST_DROP_EVENT = 'lastDrop';
export const BALANCE_UPDATED_EVENT = 'balanceUpdated';

/**
 * A battle's channel: `battle-{id}`, and for a private battle `battle-{id}-{key}` with its link key,
 * so that only who holds the link hears it (docs/battles.md).
 */
export const battleChannel = (battleId: number | string, key?: string | null): string => (key ? `battle-${battleId}-${key}` : `battle-${battleId}`);
/** What every player's private channel name starts with (the server's count of players reads it too). */
export const PRIVATE_USER_CHANNEL_PREFIX = 'private-users.';
/** Pusher name of the player's private channel (docs/product.md §7 calls it `users.{id}`; private- is Pusher's prefix). */
export const privateUserChannel = (userId: number): string => `${PRIVATE_USER_CHANNEL_PREFIX}${userId}`;

// The schemas of these payloads are in realtimeSchemas.ts: this module is in every page's first
// load, zod is not.
export type { ChannelAuthResponse, Drop, DropsAnswer, DropsQuery } from './realtimeSchemas.ts';
import type { Drop } from './realtimeSchemas.ts';

/** Payload of `balanceUpdated` on `private-users.{id}`, docs/product.md §3. */
export interface BalanceNotification {
  type: 'balanceUpdated';
  /** Coins with 2 decimals. */
  current_balance: number;
  /** The account's version of this balance (core/protocol/balance.ts): the newest version wins. */
  version: number;
}

/** Events of the main socket by channel kind, with their payloads. */
export interface PusherEvents {
  drops: { lastDrop: Drop };
  'private-users': { balanceUpdated: BalanceNotification };
  /** battle-{id}: the battle events of docs/product.md §4; their payloads belong to the battles area. */
  battle: Record<string, unknown>;
}


// ---------------------------------------------------------------- game sockets (socket.io)

// Each round game's namespace and rooms come from its registry entry (core/games/roundGames.ts:
// roundNamespace, roundRooms), not from here: this module is in every page's first load.

/** An acknowledgement: the result or the error text (docs/product.md §8 msg). */
export type Ack<T> = (answer: { data: T } | { error: string }) => void;

/** Statuses of a round of crash or wheel, in their order (docs/product.md §4). */
export const ROUND_STATUSES = ['new', 'starting', 'pending', 'in_progress', 'ended'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
// ---------------------------------------------------------------- crash (/crash)
//
// Times are absolute server times in ms since the epoch; every event carries `server_time` so a
// client keeps its clock offset. The curve is drawn from `launched_at` and that offset
// (m(t) = e^(0.00006·t_ms), core/games/crash.ts), never from ticks alone: ticks only confirm it.
// Multipliers are numbers with 2 decimals, amounts coins with 2 decimals.

/** A round of any round game (core/games/roundGames.ts) as its `game` room announces it at every status change. */
export interface RoundState {
  round_id: number;
  /**
   * The game's own count of its rounds (1, 2, 3, …), what players see as "Round #n". `round_id` is
   * the round's identity across the API (bets carry it) and is shared by every round game.
   */
  round_number: number;
  status: RoundStatus;
  /** When `starting` ends and bets close (set from `starting` on). */
  betting_ends_at: number | null;
  /** When the round is due to play (the curve to launch, the wheel to spin): the countdown's end. */
  starts_at: number | null;
  /** When it started playing (set from `in_progress` on): crash's t = 0 of m(t). */
  launched_at: number | null;
  /** When it ended (at `ended`). */
  ended_at: number | null;
  /** The round's chain hash, revealed at `ended` (null before). */
  hash: string | null;
  server_time: number;
}

/** The round as `crash:game` announces it at every status change. */
export interface CrashRoundState extends RoundState {
  /** The crash point, revealed at `ended` (null before). */
  crash_point: number | null;
}

/** `crash:game` `tick`, 4–5 times a second while `in_progress`. */
export interface CrashTick {
  round_id: number;
  /** ms since launched_at on the server's clock. */
  elapsed: number;
  /** The multiplier at `elapsed`, floored to 2 decimals. */
  multiplier: number;
  server_time: number;
}

export type CrashBetStatus = 'open' | 'cashed_out' | 'lost' | 'refunded';

/** A bet of the round as every player sees it. */
export interface CrashBet {
  id: number;
  round_id: number;
  user: { id: number; name: string; avatar_url: string | null };
  /** Coins. */
  amount: number;
  /** The target (2 decimals) or null. */
  auto_cashout: number | null;
  status: CrashBetStatus;
  /** The multiplier it was cashed out at, once cashed out. */
  cashed_out_at: number | null;
  /** Coins paid (0 when lost), once settled. */
  payout: number | null;
}

/** A cash-out as `crash:bets` carries it. */
export interface CrashCashOut {
  bet_id: number;
  round_id: number;
  user_id: number;
  /** 2 decimals. */
  multiplier: number;
  /** Coins. */
  payout: number;
  /** Who cashed it out: the player, their auto cash-out (or the bet's payout cap), the round's payout cap. */
  by: 'player' | 'auto' | 'round_cap';
  server_time: number;
}

/** `crash:bets` `bets`: what was accepted since the last batch (one batch per tick at most). */
export interface CrashBetsBatch {
  round_id: number;
  bets: CrashBet[];
  cash_outs: CrashCashOut[];
}

/** One of the recent crash points of the snapshot (ended rounds, newest first). */
export interface CrashHistoryPoint {
  round_id: number;
  round_number: number;
  crash_point: number;
  hash: string;
}

/**
 * Sent to every socket on (re)connect and answered to `sync`: the state a client needs to draw
 * the game at that moment, the same state the incremental events build up. A bet may arrive both
 * in the snapshot and in a batch: keep bets by id.
 */
export interface CrashSnapshot extends CrashRoundState {
  bets: CrashBet[];
  /** The last 20 crash points, newest first. */
  history: CrashHistoryPoint[];
}

export const CRASH_SNAPSHOT_HISTORY = 20;

export interface CrashServerEvents {
  snapshot: (state: CrashSnapshot) => void;
  /** On `crash:game`. */
  status: (round: CrashRoundState) => void;
  /** On `crash:game`. */
  tick: (tick: CrashTick) => void;
  /** On `crash:bets`. */
  bets: (batch: CrashBetsBatch) => void;
}

export interface CrashClientEvents {
  /** Asks for a fresh snapshot (after the tab was hidden, for instance). */
  sync: (ack: Ack<CrashSnapshot>) => void;
}

// The wheel's events (/wheel) are in wheel.ts.

/** socket.io reconnection settings of docs/product.md §9, shared by every game socket. */
export const GAME_SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const;
