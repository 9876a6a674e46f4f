import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { CrashSnapshot } from '../../../core/protocol/realtime.ts';
import { createGameSockets, type GameSockets } from '../../../server/realtime/gameSockets.ts';
import { gameClient, nextSocketEvent } from '../../helpers/realtimeClients.ts';

// The sliced room fan-out (server/realtime/slicedFanOut.ts) with real socket.io clients: every
// client receives every event of both rooms in the order they were sent, the wire format is the
// stock one, the event loop gets turns between the slices of one broadcast, and the broadcasts of
// one turn reach each socket in one write (through engine.io when its connection is busy).

const CLIENTS = 60;
const SLICE = 7;
/** Time per turn is not what these tests bound (the last one does). */
const NO_TIME_BOUND = Number.POSITIVE_INFINITY;
const ONE_ADDRESS = { connectionsPerAddress: Number.POSITIVE_INFINITY };
const snapshot: CrashSnapshot = { round_id: 1, round_number: 1, status: 'starting', betting_ends_at: 1000, starts_at: 2000, launched_at: null, ended_at: null, crash_point: null, hash: null, server_time: 0, bets: [], history: [] };

/** Counts the writes to the sockets' network sockets (direct or through engine.io and ws); returns the undo. */
function countWrites(sockets: Array<{ conn: unknown }>, count: () => void): () => void {
  const nets = sockets.map((s) => (s.conn as { transport: { socket: { _socket: { write: (...args: unknown[]) => boolean } } } }).transport.socket._socket);
  const originals = nets.map((net) => net.write);
  nets.forEach((net, i) => {
    net.write = (...args: unknown[]) => {
      count();
      return originals[i]!.apply(net, args);
    };
  });
  return () => nets.forEach((net, i) => (net.write = originals[i]!));
}

let http: HttpServer;
let games: GameSockets;
let clients: Socket[] = [];
beforeAll(async () => {
  http = createServer();
  // Every client comes from 127.0.0.1: the per-address cap (gameSocketLimits.test.ts) is lifted here.
  games = createGameSockets(http, { warn: () => {} }, { sliceSize: SLICE, sliceMs: NO_TIME_BOUND, limits: ONE_ADDRESS });
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
    let written = 0;
    const restore = countWrites(sockets, () => (written += 1));
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
      restore();
    }
  });

  it('the broadcasts of one turn reach each socket in one write, as consecutive frames', async () => {
    const sockets = [...games.crash.sockets.values()];
    let written = 0;
    const restore = countWrites(sockets, () => (written += 1));
    try {
      const both = Promise.all(clients.map((c) => Promise.all([nextSocketEvent(c, 'bets'), nextSocketEvent(c, 'tick')])));
      // A tick that flushes the bets batch: both in one synchronous run.
      games.deliverLocal('crash:bets', 'bets', { round_id: 1, bets: [], cash_outs: [{ bet_id: 7 }] });
      games.deliverLocal('crash:game', 'tick', { round_id: 1, elapsed: 200, multiplier: 1.01, server_time: 0 });
      const got = await both;
      for (const [bets, tick] of got) {
        expect(bets).toEqual({ round_id: 1, bets: [], cash_outs: [{ bet_id: 7 }] });
        expect(tick).toMatchObject({ elapsed: 200 });
      }
      expect(written).toBe(CLIENTS);
    } finally {
      restore();
    }
  });

  it('a socket whose connection is still sending gets the frames through engine.io, after what it was sending', async () => {
    const socket = [...games.crash.sockets.values()][0]!;
    const client = clients.find((c) => c.id === socket.id)!;
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      client.on('snapshot', () => order.push('snapshot'));
      client.on('status', () => order.push('status'));
      client.on('bets', () => order.push('bets'));
      client.on('tick', (data: { elapsed: number }) => {
        if (data.elapsed !== 400) return;
        order.push('tick');
        resolve();
      });
    });
    try {
      // A direct emit makes the websocket transport busy until its write completes, and engine.io
      // holds the next packet meanwhile: the broadcasts must not overtake it.
      socket.emit('snapshot', snapshot);
      socket.emit('status', { ...snapshot, status: 'pending' });
      expect((socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length).toBe(1);
      games.deliverLocal('crash:bets', 'bets', { round_id: 1, bets: [], cash_outs: [] });
      games.deliverLocal('crash:game', 'tick', { round_id: 1, elapsed: 400, multiplier: 1.02, server_time: 0 });
      await done;
      expect(order).toEqual(['snapshot', 'status', 'bets', 'tick']);
    } finally {
      client.off('snapshot');
      client.off('status');
      client.off('bets');
      client.off('tick');
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

describe('room fan-out bounded by time', () => {
  it('ends a turn once its time is up, whatever the count: an immediate runs before the last socket is written', async () => {
    const server = createServer();
    // No count bound to speak of, and no time: the turn ends at the first check (every 32 sockets).
    const timed = createGameSockets(server, { warn: () => {} }, { sliceSize: 10_000, sliceMs: 0, limits: ONE_ADDRESS });
    timed.setSnapshot('crash', () => snapshot);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const many = Array.from({ length: 70 }, () => gameClient(port, '/crash'));
    try {
      await Promise.all(many.map((c) => nextSocketEvent(c, 'snapshot')));
      let written = 0;
      const restore = countWrites([...timed.crash.sockets.values()], () => (written += 1));
      try {
        const seenByImmediate = new Promise<number>((resolve) => setImmediate(() => resolve(written)));
        const arrived = Promise.all(many.map((c) => nextSocketEvent(c, 'tick')));
        timed.deliverLocal('crash:game', 'tick', { round_id: 1, elapsed: 0, multiplier: 1, server_time: 0 });
        const atImmediate = await seenByImmediate;
        expect(atImmediate).toBeGreaterThan(0);
        expect(atImmediate).toBeLessThan(many.length);
        await arrived;
        expect(written).toBe(many.length);
      } finally {
        restore();
      }
    } finally {
      for (const c of many) c.disconnect();
      await timed.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
