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

export const battleChannel = (battleId: number | string): string => `battle-${battleId}`;
/** Pusher name of the player's private channel (spec §7 calls it `users.{id}`; private- is Pusher's prefix). */
export const privateUserChannel = (userId: number): string => `private-users.${userId}`;

/** A drop of the live feed, spec §3. Prices are coins (2 decimals). */
export interface Drop {
  user_id: number;
  box: { slug: string; img_url: string };
  item: { rarity: string; img_url: string; price: number; sale_price: number };
}

/** Payload of `balanceUpdated` on `private-users.{id}`, spec §3. */
export interface BalanceNotification {
  type: 'balanceUpdated';
  /** Coins with 2 decimals. */
  current_balance: number;
}

/** Events of the main socket by channel kind, with their payloads. */
export interface PusherEvents {
  drops: { lastDrop: Drop };
  'private-users': { balanceUpdated: BalanceNotification };
  /** battle-{id}: the battle events of spec §4; their payloads belong to the battles area. */
  battle: Record<string, unknown>;
}

/** Answer of POST /broadcasting/auth. */
export interface ChannelAuthResponse {
  auth: string;
}

// ---------------------------------------------------------------- game sockets (socket.io)

export const CRASH_NAMESPACE = '/crash';
export const WHEEL_NAMESPACE = '/wheel';
export const CRASH_ROOMS = { game: 'crash:game', bets: 'crash:bets' } as const;
export const WHEEL_ROOMS = { game: 'wheel:game', bets: 'wheel:bets' } as const;

/** An acknowledgement: the result or the error text (spec §8 msg). */
export type Ack<T> = (answer: { data: T } | { error: string }) => void;

/** Round phases of the round games. */
export type CrashPhase = 'betting' | 'running' | 'crashed';
export type WheelPhase = 'betting' | 'spinning' | 'result';

/** A bet as every player sees it (coins). */
export interface RoundBet {
  user_id: number;
  name: string;
  avatar_url: string | null;
  amount: number;
}

export interface CrashBet extends RoundBet {
  auto_cash_out: number | null;
  /** Set once the player has cashed out. */
  cashed_out_at: number | null;
  win: number | null;
}

export interface WheelBet extends RoundBet {
  /** The segment colour or multiplier the bet is on (wheel area defines the values). */
  choice: string;
  win: number | null;
}

/**
 * The state a client needs to draw the game at any moment: sent on every (re)connect so a
 * client that joins late or reconnects shows the right state, and identical to the state the
 * phase/bet events build up incrementally.
 */
export interface CrashSnapshot {
  round_id: number;
  phase: CrashPhase;
  /** SHA-256 of the round's game hash (fairness), shown before the round. */
  hash: string;
  /** Server time (ms) when betting closes / the multiplier starts; clients compute the curve from it. */
  betting_ends_at: number | null;
  started_at: number | null;
  /** Set once crashed. */
  crash_point: number | null;
  /** Server clock (ms) when the snapshot was made, so clients can correct their clock offset. */
  server_time: number;
  bets: CrashBet[];
  /** Recent crash points, newest first. */
  history: number[];
}

export interface WheelSnapshot {
  round_id: number;
  phase: WheelPhase;
  hash: string;
  betting_ends_at: number | null;
  spin_started_at: number | null;
  /** Index of the winning segment once known. */
  result: number | null;
  server_time: number;
  bets: WheelBet[];
  history: number[];
}

export interface CrashServerEvents {
  snapshot: (state: CrashSnapshot) => void;
  phase: (change: { round_id: number; phase: CrashPhase; at: number; crash_point?: number; hash?: string; betting_ends_at?: number }) => void;
  bet: (bet: CrashBet & { round_id: number }) => void;
  cashOut: (cashOut: { round_id: number; user_id: number; multiplier: number; win: number }) => void;
}

export interface CrashClientEvents {
  /** Asks for a fresh snapshot (after the tab was hidden, for instance). */
  sync: (ack: Ack<CrashSnapshot>) => void;
}

export interface WheelServerEvents {
  snapshot: (state: WheelSnapshot) => void;
  phase: (change: { round_id: number; phase: WheelPhase; at: number; result?: number; hash?: string; betting_ends_at?: number }) => void;
  bet: (bet: WheelBet & { round_id: number }) => void;
}

export interface WheelClientEvents {
  sync: (ack: Ack<WheelSnapshot>) => void;
}

/** socket.io reconnection settings of spec §9, shared by every game socket. */
export const GAME_SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const;
