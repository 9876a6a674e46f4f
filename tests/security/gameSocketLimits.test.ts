import { createServer, type Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { io as connect, type Socket } from 'socket.io-client';
import { createGameSockets, GAME_SOCKET_LIMITS, type GameSocketOptions } from '../../server/realtime/gameSockets.ts';
import { until } from '../helpers/until.ts';

// The round games' socket.io namespaces bound what one client can make the server hold (hardening
// 2: 300 connections from one address were accepted; 3,000 unread `sync`s moved the server from
// 208 to 383 MiB): sockets per address as on the Pusher side, one `sync` at a time and a few a
// second, and a socket whose client stops reading is dropped once what waits for it passes a bound.

// A full collection before each reading of the heap, so what it shows is what is still held.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function heldBytes(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

let stop: (() => Promise<void>) | undefined;
const clients: Socket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await stop?.();
  stop = undefined;
});

async function serve(options: GameSocketOptions, snapshot: () => unknown = () => ({ round_id: 1 })) {
  const http: Server = createServer();
  const games = createGameSockets(http, { warn: () => {} }, options);
  games.setSnapshot('wheel', snapshot as never);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  stop = async () => {
    await games.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  };
  return { games, port };
}

function client(port: number): Socket {
  const socket = connect(`http://127.0.0.1:${port}/wheel`, { transports: ['websocket'], reconnection: false, forceNew: true });
  clients.push(socket);
  return socket;
}

const outcome = (socket: Socket) => new Promise<'connected' | 'refused'>((resolve) => {
  socket.once('connect', () => resolve('connected'));
  socket.once('connect_error', () => resolve('refused'));
});


describe('round game sockets', () => {
  it(`one address holds at most ${GAME_SOCKET_LIMITS.connectionsPerAddress} sockets (here 5); a closed one frees its slot`, async () => {
    const { port } = await serve({ limits: { connectionsPerAddress: 5 } });
    const first = await Promise.all(Array.from({ length: 5 }, () => outcome(client(port))));
    expect(first).toEqual(Array(5).fill('connected'));
    expect(await outcome(client(port))).toBe('refused');
    clients[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    expect(await outcome(client(port))).toBe('connected');
  });

  it('sync: one at a time and a few a second; the rest are answered "Too many requests"', async () => {
    const { port } = await serve({}, () => new Promise((resolve) => setTimeout(() => resolve({ round_id: 1 }), 20)));
    const socket = client(port);
    await outcome(socket);
    const answers = await Promise.all(Array.from({ length: 20 }, () => socket.timeout(5000).emitWithAck('sync') as Promise<{ data?: unknown; error?: string }>));
    const served = answers.filter((a) => a.data).length;
    expect(served).toBeGreaterThanOrEqual(1);
    expect(served).toBeLessThanOrEqual(GAME_SOCKET_LIMITS.syncsPerSecond);
    expect(answers.filter((a) => a.error === 'Too many requests')).toHaveLength(20 - served);
  });

  it('a client that stops reading is dropped once its unread writes pass the bound; the server holds nothing of it, and its memory returns', async () => {
    const big = { round_id: 1, bets: 'x'.repeat(100_000) };
    const { games, port } = await serve({ limits: { maxQueuedBytes: 256 * 1024, maxQueuedPackets: 50, sweepMs: 50 } }, () => big);
    const raw = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send('40/wheel,');
    await until(() => games.wheel.sockets.size === 1, 10_000);
    const before = heldBytes();
    // Stop reading: the kernel's buffers fill, then the server's (30 MB offered).
    (raw as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let i = 0; i < 300; i++) games.deliverLocal('wheel:bets', 'bets', big);
    await until(() => games.io.engine.clientsCount === 0 && games.wheel.sockets.size === 0, 10_000);
    raw.terminate();
    await until(() => raw.readyState === WebSocket.CLOSED, 5_000);
    // What it made the server write (30 MB offered, tens of MiB held while it hung) is freed with it:
    // within moments of its going the heap is back within 4 MiB of before.
    await until(() => heldBytes() - before < 4 * 2 ** 20, 5_000);
  });
});
