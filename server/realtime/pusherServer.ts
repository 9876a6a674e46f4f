import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { PRIVATE_USER_CHANNEL_PREFIX } from '../../core/protocol/realtime.ts';
import { CHANNEL_NAME_PATTERN, validChannelSignature } from './pusherSignature.ts';
import { createAddressSlots } from './addressSlots.ts';
import { textFrame, writeFrameDirect } from './directFrame.ts';

// Our own server for the Pusher Channels protocol 7, so the stock pusher-js client connects to
// us at `/app/{key}`. Only the server publishes (from the bus): client events are refused.
// Wire rules (from the protocol and pusher-js' protocol.ts):
// - every event is `{event, channel?, data}` and server events carry `data` as a JSON string;
// - close codes 4000–4099 tell pusher-js not to reconnect, 4100–4199 to back off, 4200–4299 to
//   reconnect at once.

export const CLOSE = {
  appDoesNotExist: 4001,
  unsupportedProtocol: 4007,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
} as const;

export const ERROR = {
  unauthorized: 4009,
  /** Over the channels a connection may hold: the subscription is refused, the connection stays. */
  tooManyChannels: 4300,
  clientEventsRefused: 4301,
} as const;

/** Caps against a client that grows the server's memory or CPU (docs/security.md). */
export const LIMITS = {
  channelsPerConnection: 100,
  framesPerSecond: 50,
  connectionsPerAddress: 50,
} as const;

export interface PusherServerOptions {
  key: string;
  secret: string;
  /** Seconds of silence after which the client should ping (sent in connection_established). */
  activityTimeout?: number;
  /** Milliseconds the server waits for a pong after its own ping before closing with 4201. */
  pongTimeout?: number;
  /** Extra silence (ms) allowed beyond activity_timeout before the server pings (the client pings first). */
  idleGrace?: number;
  /** How often idle connections are looked at (one timer for all connections). */
  sweepInterval?: number;
  /** A client whose send buffer grows past this many bytes is too slow: closed with 4100. */
  maxBufferedBytes?: number;
  /** Channels one connection may hold (default LIMITS.channelsPerConnection). */
  maxChannels?: number;
  /** Frames a client may send per second; more closes the connection with 4100 (back off). */
  maxFramesPerSecond?: number;
  /** Open connections per client address; one more is closed with 4100. */
  maxConnectionsPerAddress?: number;
  /** The client's address of an upgrade (TRUST_PROXY rule); default the socket's. */
  addressOf?: (request: IncomingMessage) => string;
  /**
   * The events a new subscriber of `channel` gets at once, after its subscription is confirmed
   * (null: none): the state a channel's events change, as it stands now, so a client that loaded
   * it before subscribing also learns what changed in between (docs/realtime.md).
   */
  welcome?: (channel: string) => Promise<ReadonlyArray<{ event: string; data: unknown }>> | null;
  log?: { warn(obj: object, msg: string): void };
}

interface Connection {
  ws: WebSocket;
  socketId: string;
  address: string;
  /** Frames counted in the current one-second window and when it started. */
  frames: number;
  frameWindowStart: number;
  channels: Set<string>;
  lastSeen: number;
  pingSentAt: number | null;
}

const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);

function frame(event: string, data: unknown, channel?: string): string {
  // data always travels as a JSON string (pusher-js parses it again).
  return JSON.stringify(channel === undefined ? { event, data: JSON.stringify(data) } : { event, channel, data: JSON.stringify(data) });
}

/** pusher:error carries data as an object (pusher-js reads data.code and data.message). */
function errorFrame(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

function parseUpgradeUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function createPusherServer(options: PusherServerOptions) {
  const activityTimeout = options.activityTimeout ?? 120;
  const pongTimeout = options.pongTimeout ?? 30_000;
  const idleGrace = options.idleGrace ?? 5_000;
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  const channels = new Map<string, Set<Connection>>();
  const maxChannels = options.maxChannels ?? LIMITS.channelsPerConnection;
  const maxFrames = options.maxFramesPerSecond ?? LIMITS.framesPerSecond;
  const maxPerAddress = options.maxConnectionsPerAddress ?? LIMITS.connectionsPerAddress;
  const addressOf = options.addressOf ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const perAddress = createAddressSlots(maxPerAddress);

  // One sweep for every connection instead of a timer each: cheap at 10,000 connections.
  // A client silent for longer than activity_timeout (plus slack for its own ping) gets a
  // server ping; if the pong does not arrive in time the connection is closed with 4201.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const c of connections) {
      if (c.pingSentAt !== null) {
        if (now - c.pingSentAt > pongTimeout) c.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
      } else if (now - c.lastSeen > activityTimeout * 1000 + idleGrace) {
        c.pingSentAt = now;
        c.ws.send(frame('pusher:ping', {}));
      }
    }
  }, options.sweepInterval ?? 5_000);
  sweep.unref();

  function leave(c: Connection, channel: string) {
    c.channels.delete(channel);
    const members = channels.get(channel);
    if (!members) return;
    members.delete(c);
    if (members.size === 0) channels.delete(channel);
  }

  /** Counts a frame; false (and the connection closing with 4100) past the per-second cap. */
  function withinFrameRate(c: Connection): boolean {
    const now = Date.now();
    if (now - c.frameWindowStart >= 1000) {
      c.frameWindowStart = now;
      c.frames = 0;
    }
    c.frames += 1;
    if (c.frames <= maxFrames) return true;
    if (c.frames === maxFrames + 1) {
      c.ws.send(errorFrame(CLOSE.overCapacity, `Over ${maxFrames} messages per second`));
      c.ws.close(CLOSE.overCapacity, 'Rate limit exceeded');
    }
    return false;
  }

  function onMessage(c: Connection, raw: string) {
    if (!withinFrameRate(c)) return;
    c.lastSeen = Date.now();
    c.pingSentAt = null;
    let message: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      c.ws.send(errorFrame(null, 'Invalid JSON'));
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.event !== 'string') {
      c.ws.send(errorFrame(null, 'Invalid event'));
      return;
    }
    let data = message.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        /* a plain string payload: not used by the events we accept */
      }
    }
    const payload = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    switch (message.event) {
      case 'pusher:ping':
        c.ws.send(frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(c, payload);
        return;
      case 'pusher:unsubscribe':
        if (typeof payload.channel === 'string') leave(c, payload.channel);
        return;
      default:
        if (message.event.startsWith('client-')) {
          c.ws.send(errorFrame(ERROR.clientEventsRefused, 'Client events are not enabled for this app'));
        } else {
          c.ws.send(errorFrame(null, `Unsupported event ${message.event.slice(0, 60)}`));
        }
    }
  }

  function subscribe(c: Connection, payload: Record<string, unknown>) {
    const channel = payload.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME_PATTERN.test(channel)) {
      c.ws.send(errorFrame(null, 'Invalid channel name'));
      return;
    }
    const refuse = (status: number, error: string) =>
      // pusher-js hands this event to the channel, which emits it to `pusher:subscription_error` binds.
      c.ws.send(frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      refuse(400, 'This channel type is not supported');
      return;
    }
    if (channel.startsWith('private-') && !validChannelSignature(options.key, options.secret, c.socketId, channel, payload.auth)) {
      c.ws.send(errorFrame(ERROR.unauthorized, 'Invalid signature'));
      refuse(401, 'Invalid signature');
      return;
    }
    if (!c.channels.has(channel) && c.channels.size >= maxChannels) {
      c.ws.send(errorFrame(ERROR.tooManyChannels, `A connection may subscribe to at most ${maxChannels} channels`));
      refuse(429, 'Too many channels');
      return;
    }
    c.channels.add(channel);
    let members = channels.get(channel);
    if (!members) channels.set(channel, (members = new Set()));
    members.add(c);
    c.ws.send(frame('pusher_internal:subscription_succeeded', {}, channel));
    options.welcome?.(channel)?.then(
      (events) => {
        // Not to a connection that has left the channel (or closed) while the state was read.
        if (!c.channels.has(channel) || c.ws.readyState !== c.ws.OPEN) return;
        for (const { event, data } of events) c.ws.send(frame(event, data, channel));
      },
      (error: unknown) => options.log?.warn({ err: error, channel }, 'channel welcome failed'),
    );
  }

  function accept(ws: WebSocket, request: IncomingMessage) {
    const url = parseUpgradeUrl(request.url);
    // A path that is not a URL or not valid percent-encoding (`/app/%`) names no app: the
    // protocol's "app does not exist" close, never an exception (one would end the process).
    const key = url && safeDecode(url.pathname.slice('/app/'.length));
    if (!url || key !== options.key) {
      ws.send(errorFrame(CLOSE.appDoesNotExist, `App key ${(key ?? '').slice(0, 60)} does not exist`));
      ws.close(CLOSE.appDoesNotExist, 'App does not exist');
      return;
    }
    if (!SUPPORTED_PROTOCOLS.has(url.searchParams.get('protocol') ?? '')) {
      ws.send(errorFrame(CLOSE.unsupportedProtocol, 'Unsupported protocol version'));
      ws.close(CLOSE.unsupportedProtocol, 'Unsupported protocol version');
      return;
    }
    const address = addressOf(request);
    if (!perAddress.take(address)) {
      // 4100: pusher-js backs off and tries again later, so a legitimate tab gets in when others close.
      ws.send(errorFrame(CLOSE.overCapacity, 'Too many connections from this address'));
      ws.close(CLOSE.overCapacity, 'Over capacity');
      return;
    }
    const now = Date.now();
    const c: Connection = { ws, socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`, address, frames: 0, frameWindowStart: now, channels: new Set(), lastSeen: now, pingSentAt: null };
    connections.add(c);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      onMessage(c, data.toString());
    });
    ws.on('close', () => {
      connections.delete(c);
      perAddress.release(c.address);
      for (const channel of [...c.channels]) leave(c, channel);
    });
    ws.on('error', () => ws.terminate());
    ws.send(frame('pusher:connection_established', { socket_id: c.socketId, activity_timeout: activityTimeout }));
  }

  return {
    /** Takes an HTTP upgrade for `/app/...`. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(request, socket, head, (ws) => accept(ws, request));
    },

    /**
     * Delivers an event to this node's subscribers of the channel. The websocket frame is built once
     * and written as it is to every idle socket (directFrame.ts: the per-socket work of a fan-out to
     * thousands is its cost, bench/realtime); a busy socket takes it through `ws.send`, after what it has queued.
     */
    publish(channel: string, event: string, data: unknown): number {
      const members = channels.get(channel);
      if (!members) return 0;
      const bytes = Buffer.from(frame(event, data, channel));
      const whole = textFrame(bytes);
      for (const c of members) {
        if (c.ws.bufferedAmount > maxBuffered) {
          options.log?.warn({ socketId: c.socketId }, 'pusher client too slow, closing');
          c.ws.close(CLOSE.overCapacity, 'Over capacity');
          continue;
        }
        if (!writeFrameDirect(c.ws, whole)) c.ws.send(bytes, { binary: false });
      }
      return members.size;
    },

    connectionCount: () => connections.size,
    subscriberCount: (channel: string) => channels.get(channel)?.size ?? 0,
    /** Channels of this node with at least one subscriber whose name starts with `prefix` (`private-users.`: the signed-in players here). */
    channelCount(prefix: string): number {
      let n = 0;
      for (const name of channels.keys()) if (name.startsWith(prefix)) n++;
      return n;
    },

    /**
     * The people connected here, not the sockets: a connection holding `private-users.{id}` (signed
     * by /broadcasting/auth) is that player, any other is a guest known by its client address. A
     * player's tabs are one person; guests behind one address are one (never more than there are).
     */
    people(): Set<string> {
      const people = new Set<string>();
      for (const c of connections) {
        let player: string | null = null;
        for (const channel of c.channels) if (channel.startsWith(PRIVATE_USER_CHANNEL_PREFIX)) player = channel.slice(PRIVATE_USER_CHANNEL_PREFIX.length);
        people.add(player === null ? `a:${c.address}` : `u:${player}`);
      }
      return people;
    },

    /** Closes every connection with 4200 so clients reconnect at once (to another node or this one restarted). */
    async close(): Promise<void> {
      clearInterval(sweep);
      const closed = [...connections].map(
        (c) =>
          new Promise<void>((resolve) => {
            c.ws.once('close', () => resolve());
            c.ws.close(CLOSE.reconnectNow, 'Server restarting');
            setTimeout(() => {
              c.ws.terminate();
              resolve();
            }, 1000).unref();
          }),
      );
      await Promise.all(closed);
      wss.close();
    },
  };
}

export type PusherServer = ReturnType<typeof createPusherServer>;
