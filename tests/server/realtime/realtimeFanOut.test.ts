import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { CrashSnapshot } from '../../../core/protocol/realtime.ts';
import { createGameSockets, type GameSockets } from '../../../server/realtime/gameSockets.ts';
import { gameClient, nextSocketEvent } from '../../helpers/realtimeClients.ts';

// The sliced room fan-out (server/realtime/slicedFanOut.ts) with real socket.io clients: every
// client receives every event of both rooms in the order they were sent, the wire format is the
// stock one, and the event loop gets turns between the slices of one broadcast.

const CLIENTS = 60;
const SLICE = 7;
const snapshot: CrashSnapshot = { round_id: 1, status: 'starting', betting_ends_at: 1000, starts_at: 2000, launched_at: null, ended_at: null, crash_point: null, hash: null, server_time: 0, bets: [], history: [] };

let http: HttpServer;
let games: GameSockets;
let clients: Socket[] = [];
beforeAll(async () => {
  http = createServer();
  games = createGameSockets(http, { warn: () => {} }, { sliceSize: SLICE });
  games.setSnapshot('crash', () => snapshot);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  clients = Array.from({ length: CLIENTS }, () => gameClient(port, '/crash'));
  // The snapshot comes after the socket joined its rooms.
  await Promise.all(clients.map((c) => nextSocketEvent(c, 'snapshot')));
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await games.close();
  await new Promise((resolve) => http.close(resolve));
});

describe('room fan-out in slices', () => {
  it('delivers every event of both rooms to every client, in the order sent, with its data intact', async () => {
    const received = clients.map(() => [] as Array<[string, unknown]>);
    clients.forEach((c, i) => {
      c.on('tick', (data) => received[i]!.push(['tick', data]));
      c.on('bets', (data) => received[i]!.push(['bets', data]));
    });
    const sent: Array<[string, unknown]> = [];
    for (let n = 0; n < 40; n += 1) {
      // Alternating rooms: one socket sits in both, and order holds across them.
      const event = n % 3 === 0 ? 'bets' : 'tick';
      const data = event === 'tick' ? { round_id: 1, elapsed: n * 200, multiplier: 1 + n / 100, server_time: n } : { round_id: 1, bets: [{ id: n, name: 'é ☃ "quoted"', amount: n }], cash_outs: [] };
      sent.push([event, data]);
      expect(games.deliverLocal(event === 'tick' ? 'crash:game' : 'crash:bets', event, data)).toBe(true);
    }
    const deadline = Date.now() + 10_000;
    while (received.some((r) => r.length < sent.length) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const r of received) expect(r).toEqual(sent);
  });

  it('yields the event loop between slices: an immediate scheduled before the broadcast runs before its last slice', async () => {
    const sockets = [...games.crash.sockets.values()];
    expect(sockets.length).toBe(CLIENTS);
    // engine.io's packetCreate: one per packet written to a socket's connection.
    let written = 0;
    const count = () => (written += 1);
    for (const s of sockets) s.conn.on('packetCreate', count);
    try {
      const seenByImmediate = new Promise<number>((resolve) => setImmediate(() => resolve(written)));
      const arrived = Promise.all(clients.map((c) => nextSocketEvent(c, 'tick')));
      games.deliverLocal('crash:game', 'tick', { round_id: 1, elapsed: 0, multiplier: 1, server_time: 0 });
      // A one-shot emit has written all sockets before any immediate can run.
      const atImmediate = await seenByImmediate;
      expect(atImmediate).toBeGreaterThan(0);
      expect(atImmediate).toBeLessThan(CLIENTS);
      await arrived;
      expect(written).toBe(CLIENTS);
    } finally {
      for (const s of sockets) s.conn.off('packetCreate', count);
    }
  });

  it('answers sync after the room events queued before it', async () => {
    // The room's last socket: its slice of each broadcast is written last.
    const lastId = [...games.crash.adapter.rooms.get('crash:game')!].at(-1);
    const client = clients.find((c) => c.id === lastId)!;
    const order: string[] = [];
    const ticks = new Promise<void>((resolve) => {
      client.on('tick', (data: { elapsed: number }) => {
        if (data.elapsed >= 1000) order.push(`tick ${data.elapsed}`);
        if (data.elapsed === 1002) resolve();
      });
    });
    // The snapshot is read while three broadcasts are queued: its answer goes out after them.
    let release = () => {};
    const read = new Promise<void>((resolve) => {
      games.setSnapshot('crash', () => {
        resolve();
        return new Promise<CrashSnapshot>((ready) => (release = () => ready(snapshot)));
      });
    });
    try {
      const answered = new Promise<void>((resolve) => {
        client.emit('sync', () => {
          order.push('sync');
          resolve();
        });
      });
      await read;
      for (let n = 0; n < 3; n += 1) games.deliverLocal('crash:game', 'tick', { round_id: 1, elapsed: 1000 + n, multiplier: 1, server_time: 0 });
      release();
      await Promise.all([ticks, answered]);
      expect(order).toEqual(['tick 1000', 'tick 1001', 'tick 1002', 'sync']);
    } finally {
      games.setSnapshot('crash', () => snapshot);
    }
  });
});
