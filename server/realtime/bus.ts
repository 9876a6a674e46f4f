import { EventEmitter } from 'node:events';
import { currentRequestId } from '../requestContext.ts';
import { PRIVATE_USER_CHANNEL_PREFIX, privateUserChannel } from '../../core/protocol/realtime.ts';
import { CANONICAL_ID } from '../../core/protocol/pathParams.ts';

// The event bus carries realtime events between the parts of one node and, with Redis, between
// nodes. Producers (wallet, boxes, games) publish; the realtime servers deliver to sockets.
// A channel uses Pusher's names: `drops`, `battle-{id}`, `private-users.{id}`; socket.io rooms
// use theirs (`crash:game`, ...).

export interface BusMessage {
  channel: string;
  event: string;
  data: unknown;
  /** The request that caused it (server/requestContext.ts), stamped when published: for the logs of every node that receives it. */
  requestId?: string;
}

/** Stamps the message with the request whose work publishes it, if any; no new object. */
export function stampRequest(message: BusMessage): BusMessage {
  if (message.requestId === undefined) {
    const id = currentRequestId();
    if (id !== undefined) message.requestId = id;
  }
  return message;
}

export interface Bus {
  publish(message: BusMessage): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
  /** Seconds from publishing to receiving through the network between nodes (redisBus.ts); absent on a bus of one process. */
  lagSeconds?(): number;
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(message) {
      emitter.emit('message', stampRequest(message));
    },
    subscribe(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The player's private channel: the name the client subscribes to (core/protocol/realtime.ts). */
export const userChannel = privateUserChannel;

/** The player a private channel belongs to (its id written canonically, so one name is one player), or null for any other name. */
export function userIdOfChannel(channel: string): number | null {
  if (!channel.startsWith(PRIVATE_USER_CHANNEL_PREFIX)) return null;
  const id = channel.slice(PRIVATE_USER_CHANNEL_PREFIX.length);
  return CANONICAL_ID.test(id) ? Number(id) : null;
}
