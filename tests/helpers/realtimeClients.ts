import Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';

// Real pusher-js and socket.io-client instances against a listening test server.

export async function listen(app: FastifyInstance, port = 0): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function pusherClient(port: number, token?: string): Pusher {
  return new Pusher('shop-key', {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/broadcasting/auth`,
      transport: 'ajax',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  });
}

export function connected(pusher: Pusher, timeout = 10_000): Promise<void> {
  if (pusher.connection.state === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pusher not connected (state ${pusher.connection.state})`)), timeout);
    pusher.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves 'ok' on subscription_succeeded or 'refused' with the status on subscription_error. */
export function subscribed(channel: Channel, timeout = 10_000): Promise<{ result: 'ok' } | { result: 'refused'; status: number | undefined }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription answer for ${channel.name}`)), timeout);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve({ result: 'ok' });
    });
    channel.bind('pusher:subscription_error', (error: { status?: number }) => {
      clearTimeout(timer);
      resolve({ result: 'refused', status: error?.status });
    });
  });
}

export function nextEvent<T>(channel: Channel, event: string, timeout = 10_000): Promise<T> {
  return nextEvents<T>(channel, event, 1, timeout).then(([first]) => first!);
}

/** The next `count` `event`s on the channel, in the order they came. */
export function nextEvents<T>(channel: Channel, event: string, count: number, timeout = 10_000): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const seen: T[] = [];
    const timer = setTimeout(() => {
      channel.unbind(event, handler);
      reject(new Error(`${seen.length} of ${count} ${event} on ${channel.name}`));
    }, timeout);
    const handler = (data: T) => {
      seen.push(data);
      if (seen.length < count) return;
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(seen);
    };
    channel.bind(event, handler);
  });
}

export function gameClient(port: number, namespace: '/crash' | '/wheel'): Socket {
  return io(`http://127.0.0.1:${port}${namespace}`, {
    transports: ['websocket'],
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
    randomizationFactor: 0.5,
    timeout: 20_000,
  });
}

export function nextSocketEvent<T>(socket: Socket, event: string, timeout = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeout);
    socket.once(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });
}
