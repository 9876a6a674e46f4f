import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Namespace } from 'socket.io';
import { ROUND_GAMES, roundGameOfRoom, roundNamespace, roundRooms, type RoundGame } from '../../core/games/roundGames.ts';
import type { CrashClientEvents, CrashServerEvents, CrashSnapshot } from '../../core/protocol/realtime.ts';
import type { WheelClientEvents, WheelServerEvents, WheelSnapshot } from '../../core/protocol/wheel.ts';
import { createSlicedFanOut } from './slicedFanOut.ts';
import { createAddressSlots } from './addressSlots.ts';
import type { AddressOf } from '../security/clientAddress.ts';

/** What this module reads of an engine.io socket (its request, buffers and close). */
interface EngineSocket {
  request: IncomingMessage;
  writeBuffer: unknown[];
  transport?: unknown;
  close(): void;
  once(event: 'close', listener: () => void): void;
}

// socket.io for the round games (core/games/roundGames.ts): a namespace per game, every socket in
// its game's two rooms. The crash and wheel engines register a snapshot provider; each (re)connecting socket
// gets a snapshot first, so a client that joins late or comes back shows the right state, then
// the incremental events (status, tick, bets) the engines send to the rooms. A room's events are
// written to its sockets a slice at a time (slicedFanOut.ts): one event to 5,000 sockets must not
// hold the event loop, and with it every HTTP request, for its whole fan-out.

export type CrashNamespace = Namespace<CrashClientEvents, CrashServerEvents>;
export type WheelNamespace = Namespace<WheelClientEvents, WheelServerEvents>;

export type SnapshotProvider<S> = () => S | Promise<S>;
/** The snapshot each round game's sockets receive. */
export interface RoundSnapshots extends Record<RoundGame, unknown> {
  crash: CrashSnapshot;
  wheel: WheelSnapshot;
}

/** Sockets written per event-loop turn by a room broadcast (docs/performance.md). */
export const FAN_OUT_SLICE = 500;
/** And milliseconds per event-loop turn at most (checked every 32 sockets; docs/performance.md). */
export const FAN_OUT_SLICE_MS = 4;

/**
 * Bounds against a client that holds the server's memory (docs/security.md): sockets per address
 * (as the Pusher side), `sync` answers per socket (one at a time, a few a second), and what may
 * wait unread for one socket before it is dropped (a client that does not read its websocket).
 */
export const GAME_SOCKET_LIMITS = {
  connectionsPerAddress: 50,
  syncsPerSecond: 4,
  /** Packets waiting in engine.io's buffer, or bytes in the websocket's, past which the socket is dropped. */
  maxQueuedPackets: 500,
  maxQueuedBytes: 4 * 1024 * 1024,
  /** How often the queues are looked at (ms). */
  sweepMs: 1000,
};

export interface GameSocketOptions {
  sliceSize?: number;
  sliceMs?: number;
  /** The client's address (TRUST_PROXY's rule); the socket's own address when not given. */
  addressOf?: AddressOf;
  limits?: Partial<typeof GAME_SOCKET_LIMITS>;
}

export function createGameSockets(server: HttpServer, log: { warn(obj: object, msg: string): void }, options: GameSocketOptions = {}) {
  const limits = { ...GAME_SOCKET_LIMITS, ...options.limits };
  const addressOf = options.addressOf ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const slots = createAddressSlots(limits.connectionsPerAddress);
  const io = new Server(server, {
    transports: ['websocket'],
    serveClient: false,
    // The pusher server shares the HTTP server's upgrade event: socket.io must not destroy
    // upgrades that are not its own.
    destroyUpgrade: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    // An address at its cap is refused at the handshake (403); the slot is taken on connection.
    allowRequest: (request, callback) => callback(null, !slots.full(addressOf(request))),
  });
  const open = new Set<EngineSocket>();
  io.engine.on('connection', (engineSocket: unknown) => {
    const raw = engineSocket as EngineSocket;
    const address = addressOf(raw.request);
    if (!slots.take(address)) {
      raw.close(); // two handshakes raced past the check
      return;
    }
    open.add(raw);
    raw.once('close', () => {
      open.delete(raw);
      slots.release(address);
    });
  });
  // A socket whose client does not read piles up what is written to it: drop it past the bound.
  const sweep = setInterval(() => {
    for (const raw of open) {
      const bytes = (raw.transport as { socket?: { bufferedAmount?: number } } | undefined)?.socket?.bufferedAmount ?? 0;
      if (raw.writeBuffer.length > limits.maxQueuedPackets || bytes > limits.maxQueuedBytes) raw.close();
    }
  }, limits.sweepMs);
  sweep.unref();
  const providers: { [G in keyof RoundSnapshots]?: SnapshotProvider<RoundSnapshots[G]> } = {};

  const fanOutOptions = { sliceSize: options.sliceSize ?? FAN_OUT_SLICE, sliceMs: options.sliceMs ?? FAN_OUT_SLICE_MS, onError: (error: unknown) => log.warn({ err: error }, 'game socket write failed') };
  const namespaces = Object.fromEntries(ROUND_GAMES.map((game) => [game, io.of(roundNamespace(game))])) as Record<RoundGame, Namespace>;
  const fanOuts = Object.fromEntries(ROUND_GAMES.map((game) => [game, createSlicedFanOut(namespaces[game], fanOutOptions)])) as Record<RoundGame, ReturnType<typeof createSlicedFanOut>>;

  async function snapshotOf<S>(provider: SnapshotProvider<S> | undefined): Promise<S | null> {
    if (!provider) return null;
    try {
      return await provider();
    } catch (error) {
      log.warn({ err: error }, 'game snapshot failed');
      return null;
    }
  }

  /**
   * Every socket of a round game joins its two rooms and gets a snapshot; `sync` answers one. Both go
   * out after the room events queued before them, so that no older event reaches the socket after
   * the state that already includes it.
   */
  function serveRoundGame(game: RoundGame) {
    const namespace = namespaces[game];
    const rooms = roundRooms(game);
    const fanOut = fanOuts[game];
    // Whatever the game, a snapshot is sent as it is: the provider's type is its game's business.
    const snapshot = () => snapshotOf(providers[game] as SnapshotProvider<unknown> | undefined);
    namespace.on('connection', async (socket) => {
      await socket.join([rooms.game, rooms.bets]);
      // One sync at a time and a few a second: each answer is a whole snapshot.
      let syncing = false;
      let window = { start: 0, count: 0 };
      socket.on('sync', async (ack: unknown) => {
        if (typeof ack !== 'function') return;
        const now = Date.now();
        if (now - window.start >= 1000) window = { start: now, count: 0 };
        window.count += 1;
        if (syncing || window.count > limits.syncsPerSecond) {
          ack({ error: 'Too many requests' });
          return;
        }
        syncing = true;
        try {
          const state = await snapshot();
          fanOut.inOrder(() => ack(state ? { data: state } : { error: 'Game not available' }));
        } finally {
          syncing = false;
        }
      });
      const state = await snapshot();
      if (state) fanOut.inOrder(() => socket.emit('snapshot', state));
    });
  }
  for (const game of ROUND_GAMES) serveRoundGame(game);

  return {
    io,
    crash: namespaces.crash as unknown as CrashNamespace,
    wheel: namespaces.wheel as unknown as WheelNamespace,
    setSnapshot<G extends keyof RoundSnapshots>(game: G, provider: SnapshotProvider<RoundSnapshots[G]>) {
      (providers as Record<G, SnapshotProvider<RoundSnapshots[G]>>)[game] = provider;
    },
    /** Delivers a bus message to this node's sockets of a room (`crash:game` → /crash). */
    deliverLocal(room: string, event: string, data: unknown): boolean {
      const game = roundGameOfRoom(room);
      if (!game) return false;
      fanOuts[game].broadcast(room, event, data);
      return true;
    },
    async close() {
      clearInterval(sweep);
      for (const game of ROUND_GAMES) fanOuts[game].close();
      io.disconnectSockets(true);
      // io.close() would also close the HTTP server, which Fastify owns.
      io.engine.close();
    },
  };
}

export type GameSockets = ReturnType<typeof createGameSockets>;
