import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPusherServer, type PusherServer } from '../../../server/realtime/pusherServer.ts';
import { channelSignature } from '../../../server/realtime/pusherSignature.ts';
import { createDropCoalescer } from '../../../server/realtime/dropCoalescer.ts';

// The Pusher protocol 7 wire format, checked with a raw websocket (what pusher-js relies on).

const KEY = 'test-key';
const SECRET = 'test-secret-0123456789';

interface Frame {
  event: string;
  channel?: string;
  data: unknown;
}

class RawClient {
  readonly ws: WebSocket;
  private readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  closed: Promise<{ code: number; reason: string }>;
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }
  async next(timeout = 5000): Promise<Frame> {
    const deadline = Date.now() + timeout;
    while (this.frames.length === 0) {
      if (Date.now() > deadline) throw new Error('no frame');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.frames.shift()!;
  }
  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }
}

async function startServer(options: Partial<Parameters<typeof createPusherServer>[0]>) {
  const pusher = createPusherServer({ key: KEY, secret: SECRET, ...options });
  const http: Server = createServer();
  http.on('upgrade', (request, socket, head) => pusher.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    pusher,
    base,
    async stop() {
      await pusher.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

describe('pusher protocol server', () => {
  let pusher: PusherServer;
  let base: string;
  let stop: () => Promise<void>;
  // A second server with a tiny activity timeout, for the idle rules only.
  let idleBase: string;
  let stopIdle: () => Promise<void>;
  beforeAll(async () => {
    ({ pusher, base, stop } = await startServer({}));
    ({ base: idleBase, stop: stopIdle } = await startServer({ activityTimeout: 0.2, idleGrace: 0, pongTimeout: 300, sweepInterval: 50 }));
  });
  afterAll(async () => {
    await stop();
    await stopIdle();
  });

  async function connect(at = base) {
    const client = new RawClient(`${at}/app/${KEY}?protocol=7&client=js&version=8.6.0&flash=false`);
    const established = await client.next();
    expect(established.event).toBe('pusher:connection_established');
    expect(typeof established.data).toBe('string');
    const data = JSON.parse(established.data as string) as { socket_id: string; activity_timeout: number };
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    return { client, socketId: data.socket_id, activityTimeout: data.activity_timeout };
  }

  it('answers pusher:ping with pusher:pong and tells the activity timeout', async () => {
    const { client, activityTimeout } = await connect();
    expect(activityTimeout).toBe(120);
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong');
    client.ws.close();
  });

  it('closes with 4001 for an unknown app key and 4007 for an unsupported protocol', async () => {
    const unknown = new RawClient(`${base}/app/other-key?protocol=7`);
    expect(await unknown.next()).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
    expect((await unknown.closed).code).toBe(4001);
    const old = new RawClient(`${base}/app/${KEY}?protocol=3`);
    expect(await old.next()).toMatchObject({ event: 'pusher:error', data: { code: 4007 } });
    expect((await old.closed).code).toBe(4007);
    const none = new RawClient(`${base}/app/${KEY}`);
    expect((await none.closed).code).toBe(4007);
  });

  it('subscribes to public channels, delivers events with data as a JSON string, and unsubscribes', async () => {
    const { client } = await connect();
    client.send({ event: 'pusher:subscribe', data: { channel: 'drops' } });
    expect(await client.next()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'drops', data: '{}' });
    expect(pusher.publish('drops', 'lastDrop', { user_id: 1 })).toBe(1);
    expect(await client.next()).toEqual({ event: 'lastDrop', channel: 'drops', data: '{"user_id":1}' });
    client.send({ event: 'pusher:unsubscribe', data: { channel: 'drops' } });
    client.send({ event: 'pusher:ping', data: {} });
    expect((await client.next()).event).toBe('pusher:pong'); // the unsubscribe was processed before it
    expect(pusher.publish('drops', 'lastDrop', { user_id: 2 })).toBe(0);
    client.ws.close();
  });

  it('subscribes to a private channel only with a valid signature for this socket', async () => {
    const { client, socketId } = await connect();
    const channel = 'private-users.5';
    client.send({ event: 'pusher:subscribe', data: { channel, auth: channelSignature(KEY, SECRET, '1.1', channel) } });
    expect(await client.next()).toMatchObject({ event: 'pusher:error', data: { code: 4009 } });
    expect(await client.next()).toMatchObject({ event: 'pusher:subscription_error', channel });
    client.send({ event: 'pusher:subscribe', data: { channel, auth: channelSignature(KEY, 'wrong-secret-0123456', socketId, channel) } });
    expect((await client.next()).event).toBe('pusher:error');
    expect((await client.next()).event).toBe('pusher:subscription_error');
    client.send({ event: 'pusher:subscribe', data: { channel } });
    expect((await client.next()).event).toBe('pusher:error');
    expect((await client.next()).event).toBe('pusher:subscription_error');
    expect(pusher.subscriberCount(channel)).toBe(0);
    client.send({ event: 'pusher:subscribe', data: { channel, auth: channelSignature(KEY, SECRET, socketId, channel) } });
    expect(await client.next()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
    expect(pusher.subscriberCount(channel)).toBe(1);
    client.ws.close();
  });

  it('starts a subscription with its welcome events, and sends none to a client that left meanwhile', async () => {
    const pending: Array<(events: Array<{ event: string; data: unknown }>) => void> = [];
    const warned: object[] = [];
    const welcoming = await startServer({
      welcome: (channel) => (channel === 'quiet' ? null : channel === 'broken' ? Promise.reject(new Error('read failed')) : new Promise((resolve) => pending.push(resolve))),
      log: { warn: (obj) => warned.push(obj) },
    });
    try {
      const { client } = await connect(welcoming.base);
      client.send({ event: 'pusher:subscribe', data: { channel: 'drops' } });
      expect(await client.next()).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'drops', data: '{}' });
      pending.shift()!([{ event: 'state', data: { n: 1 } }]);
      expect(await client.next()).toEqual({ event: 'state', channel: 'drops', data: '{"n":1}' });
      // Left before its state was read: the late answer goes nowhere; a failed read is logged and the connection stays.
      client.send({ event: 'pusher:subscribe', data: { channel: 'gone' } });
      expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
      client.send({ event: 'pusher:unsubscribe', data: { channel: 'gone' } });
      client.send({ event: 'pusher:subscribe', data: { channel: 'broken' } });
      expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
      client.send({ event: 'pusher:subscribe', data: { channel: 'quiet' } });
      expect((await client.next()).event).toBe('pusher_internal:subscription_succeeded');
      pending.shift()!([{ event: 'state', data: { n: 2 } }]);
      client.send({ event: 'pusher:ping', data: {} });
      expect(await client.next()).toEqual({ event: 'pusher:pong', data: '{}' });
      expect(warned).toEqual([expect.objectContaining({ channel: 'broken' })]);
      client.ws.close();
    } finally {
      await welcoming.stop();
    }
  });

  it('refuses client events', async () => {
    const { client } = await connect();
    client.send({ event: 'pusher:subscribe', data: { channel: 'drops' } });
    await client.next();
    client.send({ event: 'client-hello', channel: 'drops', data: { x: 1 } });
    expect(await client.next()).toMatchObject({ event: 'pusher:error', data: { code: 4301 } });
    client.ws.close();
  });

  it('pings an idle client and closes it with 4201 when no pong comes', async () => {
    const { client, activityTimeout } = await connect(idleBase);
    expect(activityTimeout).toBe(0.2);
    expect((await client.next(2000)).event).toBe('pusher:ping');
    expect((await client.closed).code).toBe(4201);
  });

  it('keeps an idle client that answers the ping with a pong', async () => {
    const { client } = await connect(idleBase);
    expect((await client.next(2000)).event).toBe('pusher:ping');
    client.send({ event: 'pusher:pong', data: {} });
    expect((await client.next(2000)).event).toBe('pusher:ping'); // pinged again later: still open
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });
});

describe('drop coalescer', () => {
  it('sends drops at once at normal rates and only the newest 10 of a burst', async () => {
    const sent: number[] = [];
    const coalescer = createDropCoalescer<number>((n) => sent.push(n), { windowMs: 100, immediate: 4, keep: 10 });
    for (let i = 0; i < 50; i += 1) coalescer.push(i);
    expect(sent).toEqual([0, 1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sent).toEqual([0, 1, 2, 3, ...Array.from({ length: 10 }, (_, i) => 40 + i)]);
    expect(coalescer.droppedCount()).toBe(36);
    await new Promise((resolve) => setTimeout(resolve, 150));
    coalescer.push(100);
    expect(sent.at(-1)).toBe(100);
    coalescer.close();
  });
});
