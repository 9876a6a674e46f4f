import { io, type Socket } from 'socket.io-client';
import { roundNamespace, type RoundGame } from '../../core/games/roundGames.ts';
import type { PublicConfig } from '../../core/protocol/config.ts';
import {
  GAME_SOCKET_RECONNECTION,
  type CrashClientEvents,
  type CrashServerEvents,
} from '../../core/protocol/realtime.ts';
import type { WheelClientEvents, WheelServerEvents } from '../../core/protocol/wheel.ts';

// Game sockets (docs/product.md §7, §9): one socket.io connection per game namespace, websocket transport,
// the reconnection settings of docs/product.md §9. The staging host is used when the page's hostname
// contains 'stage'; an empty URL means the page's own origin.

export type CrashSocket = Socket<CrashServerEvents, CrashClientEvents>;
export type WheelSocket = Socket<WheelServerEvents, WheelClientEvents>;

export function gameSocketBase(config: PublicConfig, hostname: string): string {
  const url = hostname.includes('stage') ? config.socket.staging_url : config.socket.url;
  return url.replace(/\/$/, '');
}

function connect(config: PublicConfig, namespace: string, hostname: string): Socket {
  return io(`${gameSocketBase(config, hostname)}${namespace}`, { transports: ['websocket'], ...GAME_SOCKET_RECONNECTION });
}

/** The socket of a round game's namespace (crash's and the wheel's stores call it with their game). */
export function connectRoundSocket<S extends Socket>(game: RoundGame, config: PublicConfig, hostname: string = window.location.hostname): S {
  return connect(config, roundNamespace(game), hostname) as S;
}
