import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPusherServer, ERROR, LIMITS, type PusherServerOptions } from '../../server/realtime/pusherServer.ts';
import { clientAddressResolver } from '../../server/security/clientAddress.ts';
import { loadConfig } from '../../server/config.ts';

// The Pusher-protocol server bounds what one client can make it hold or do: channels per
// connection (pusher:error 4300 and a subscription_error, the connection stays), frames per
// second (pusher:error and close 4100, pusher-js backs off) and open connections per address
// (close 4100), the address read by the TRUST_PROXY rule. Raw websockets, a real HTTP server.

const KEY = 'limits-key';
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function serve(options: Partial<PusherServerOptions>) {
  const pusher = createPusherServer({ key: KEY, secret: 'limits-secret-0123456789', ...options });
  const http: Server = createServer();
  http.on('upgrade', (request, socket, head) => pusher.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  stop = async () => {
    await pusher.close();
    await new Promise((resolve) => http.close(resolve));
  };
  return { pusher, url: `ws://127.0.0.1:${port}/app/${KEY}?protocol=7` };
}

/** A raw client that keeps every frame and its close code. */
function connect(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Array<{ event: string; channel?: string; data: unknown }> = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const established = new Promise<void>((resolve, reject) => {
    ws.on('message', () => resolve());
    ws.on('error', reject);
  });
  const waitFor = async (test: () => boolean, timeout = 5000) => {
    const deadline = Date.now() + timeout;
    while (!test()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, frames, closed, established, waitFor };
}

const subscribe = (ws: WebSocket, channel: string) => ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));

describe('channels per connection', () => {
  it('the cap refuses the next channel with 4300 and keeps the connection and its channels', async () => {
    const { pusher, url } = await serve({ maxChannels: 5, maxFramesPerSecond: 1000 });
    const c = connect(url);
    await c.established;
    for (let i = 0; i < 8; i += 1) subscribe(c.ws, `battle-${i}`);
    await c.waitFor(() => c.frames.filter((f) => f.event === 'pusher:subscription_error').length === 3);
    expect(c.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').map((f) => f.channel)).toEqual(['battle-0', 'battle-1', 'battle-2', 'battle-3', 'battle-4']);
    expect(c.frames.find((f) => f.event === 'pusher:error')?.data).toMatchObject({ code: ERROR.tooManyChannels });
    expect(pusher.subscriberCount('battle-5')).toBe(0);
    // Re-subscribing a held channel is not a new one; after an unsubscribe there is room again.
    c.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'battle-0' } }));
    subscribe(c.ws, 'battle-9');
    await c.waitFor(() => c.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'battle-9'));
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('100,000 subscribes hold at most the default cap', async () => {
    const { pusher, url } = await serve({ maxFramesPerSecond: Infinity });
    const c = connect(url);
    await c.established;
    for (let i = 0; i < 100_000; i += 1) subscribe(c.ws, `battle-${i}`);
    await c.waitFor(() => c.frames.length >= 100_001, 60_000);
    let held = 0;
    for (let i = 0; i < 200; i += 1) held += pusher.subscriberCount(`battle-${i}`);
    expect(held).toBe(LIMITS.channelsPerConnection);
    expect(pusher.subscriberCount('battle-99999')).toBe(0);
  }, 90_000);
});

describe('frames per second', () => {
  it('a flood closes the connection with 4100 after a pusher:error; the server keeps serving', async () => {
    const { url } = await serve({ maxFramesPerSecond: 10 });
    const c = connect(url);
    await c.established;
    for (let i = 0; i < 50; i += 1) c.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    expect(await c.closed).toBe(4100);
    expect(c.frames.filter((f) => f.event === 'pusher:pong').length).toBeLessThanOrEqual(10);
    expect(c.frames.some((f) => f.event === 'pusher:error' && (f.data as { code: number }).code === 4100)).toBe(true);
    const next = connect(url);
    await next.established;
    expect(next.frames[0]!.event).toBe('pusher:connection_established');
    next.ws.close();
  });

  it('the default allows what pusher-js sends (a few subscribes and pings)', async () => {
    const { url } = await serve({});
    const c = connect(url);
    await c.established;
    for (let i = 0; i < 10; i += 1) subscribe(c.ws, `battle-${i}`);
    c.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await c.waitFor(() => c.frames.some((f) => f.event === 'pusher:pong'));
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });
});

describe('connections per address', () => {
  it('one more than the cap is closed with 4100; a closed one makes room', async () => {
    const { pusher, url } = await serve({ maxConnectionsPerAddress: 3 });
    const open = [connect(url), connect(url), connect(url)];
    await Promise.all(open.map((c) => c.established));
    const extra = connect(url);
    expect(await extra.closed).toBe(4100);
    expect(extra.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } });
    expect(pusher.connectionCount()).toBe(3);
    open[0]!.ws.close();
    await open[0]!.closed;
    const again = connect(url);
    await again.established;
    expect(again.frames[0]!.event).toBe('pusher:connection_established');
    for (const c of [...open.slice(1), again]) c.ws.close();
  });

  it('a forged X-Forwarded-For is not a new address; behind a trusted proxy each client is its own', async () => {
    const untrusted = await serve({ maxConnectionsPerAddress: 1, addressOf: clientAddressResolver(loadConfig({}).trustProxy) });
    const a = connect(untrusted.url, { 'x-forwarded-for': '198.51.100.1' });
    await a.established;
    const b = connect(untrusted.url, { 'x-forwarded-for': '198.51.100.2' });
    expect(await b.closed).toBe(4100);
    a.ws.close();
    await a.closed;
    await stop!();

    const proxied = await serve({ maxConnectionsPerAddress: 1, addressOf: clientAddressResolver(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy) });
    const clients = ['198.51.100.1', '198.51.100.2'].map((ip) => connect(proxied.url, { 'x-forwarded-for': ip }));
    await Promise.all(clients.map((c) => c.established));
    expect(clients.every((c) => c.frames[0]!.event === 'pusher:connection_established')).toBe(true);
    const same = connect(proxied.url, { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' });
    expect(await same.closed).toBe(4100); // the nearest untrusted hop is 198.51.100.1 again
    for (const c of clients) c.ws.close();
  });
});

describe('clientAddressResolver', () => {
  const request = (remoteAddress: string, xff?: string) => ({ socket: { remoteAddress }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as never;
  it('follows hops and CIDR ranges like request.ip', () => {
    expect(clientAddressResolver(false)(request('10.0.0.1', '1.2.3.4'))).toBe('10.0.0.1');
    const hops = clientAddressResolver(loadConfig({ TRUST_PROXY: '1' }).trustProxy);
    expect(hops(request('10.0.0.1', '9.9.9.9, 1.2.3.4'))).toBe('1.2.3.4');
    const cidr = clientAddressResolver(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy);
    expect(cidr(request('10.0.0.1', '1.2.3.4, 10.1.1.1'))).toBe('1.2.3.4');
    expect(cidr(request('11.0.0.1', '1.2.3.4'))).toBe('11.0.0.1');
  });
});
