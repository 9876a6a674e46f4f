import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { createPlayer, createTestApp, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { twoNodes } from '../../helpers/twoNodes.ts';
import { connected, listen, pusherClient, subscribed } from '../../helpers/realtimeClients.ts';
import { CHAT_ONLINE_EVENT } from '../../../core/protocol/chat.ts';

// The chat's online count (docs/community.md, "Online count") with real pusher-js clients: people,
// not sockets (a player's two tabs are one, guests of one address are one), pushed on the room's
// channel only when it changes and at most once per interval, the same in the room's answer; over
// two nodes with Redis a player connected to both counts once, and a node's people leave with it.

const INTERVAL_MS = 200;

/** A pusher-js page: connected, subscribed to the room and, for a player, to their own channel. */
async function page(port: number, player?: { id: number; token: string }): Promise<{ pusher: Pusher; room: Channel; seen: { count: number }[] }> {
  const pusher = pusherClient(port, player?.token);
  await connected(pusher);
  const room = pusher.subscribe('chat-en');
  const seen: { count: number }[] = [];
  room.bind(CHAT_ONLINE_EVENT, (d: { count: number }) => seen.push({ count: d.count }));
  expect(await subscribed(room)).toEqual({ result: 'ok' });
  if (player) expect(await subscribed(pusher.subscribe(`private-users.${player.id}`))).toEqual({ result: 'ok' });
  return { pusher, room, seen };
}

/** Waits until the page's last pushed count is `n`. */
async function pushed(p: { seen: { count: number }[] }, n: number, timeout = 10_000): Promise<void> {
  await expect.poll(() => p.seen.at(-1)?.count, { timeout, interval: 20 }).toBe(n);
}

/** Two full intervals: long enough for any change to have been counted and pushed. */
const twoTicks = () => new Promise((r) => setTimeout(r, INTERVAL_MS * 2 + 50));

describe('online count on one node', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp({ ONLINE_COUNT_MS: String(INTERVAL_MS) });
    port = await listen(app);
  }, 180_000);
  afterAll(() => app.close());

  it('counts people, not sockets, and pushes each change once', async () => {
    const [p1, p2] = await Promise.all([createPlayer(app), createPlayer(app)]);
    // When the server sends each count to the room (the interval is its rule; arrivals may bunch: the
    // test's clients share one process with the server, and a run under load once heard two pushes 21 ms apart).
    const sentAt: number[] = [];
    const publish = app.realtime.pusher.publish.bind(app.realtime.pusher);
    vi.spyOn(app.realtime.pusher, 'publish').mockImplementation((channel, event, data) => {
      if (channel === 'chat-en' && event === CHAT_ONLINE_EVENT) sentAt.push(performance.now());
      return publish(channel, event, data);
    });
    const guest = await page(port);
    // The first count may be taken between the socket's connect and its room subscription: read it here.
    await expect.poll(() => app.realtime.online.current(), { timeout: 10_000, interval: 20 }).toBe(1);
    // A second guest page from the same address is the same guest: no change.
    const guest2 = await page(port);
    // One player with two tabs is one person.
    const tabs = [await page(port, p1), await page(port, p1)];
    await pushed(guest, 2);
    const other = await page(port, p2);
    await pushed(guest, 3);
    await pushed(other, 3); // a page that subscribed since hears the next change; the answer had it
    const answer = (await app.inject({ method: 'GET', url: '/api/chat/en' })).json().data;
    expect(answer.online).toBe(3);

    tabs[0]!.pusher.disconnect();
    guest2.pusher.disconnect();
    await twoTicks();
    expect(app.realtime.online.current()).toBe(3); // the player's other tab and the first guest are still here
    tabs[1]!.pusher.disconnect();
    await pushed(guest, 2);
    other.pusher.disconnect();
    await pushed(guest, 1);

    // Each change pushed once, never two pushes within one interval, and never a count nobody made.
    const counts = guest.seen.map((s) => s.count);
    while (counts[0] === 1) counts.shift(); // the guest's own arrival, heard or not
    expect(counts).toEqual([2, 3, 2, 1]);
    expect(sentAt.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < sentAt.length; i += 1) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(INTERVAL_MS * 0.8);
    guest.pusher.disconnect();
    await expect.poll(() => app.realtime.online.current(), { timeout: 10_000, interval: 50 }).toBe(0);
  });
});

describe.runIf(hasPostgres && hasRedis)('online count over two nodes (Redis)', () => {
  const nodes = twoNodes('online_count', { ONLINE_COUNT_MS: String(INTERVAL_MS) });
  const ports: number[] = [];
  beforeAll(async () => {
    for (const node of nodes) ports.push(await listen(node));
  }, 180_000);

  it('counts a player connected to both nodes once, on both nodes', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const player = await createPlayer(a);
    const other = await createPlayer(a);
    const onA = await page(ports[0]!, player);
    const onB = await page(ports[1]!, player);
    // The same person on two nodes: 1 on both.
    const both = () => [a.realtime.online.current(), b.realtime.online.current()];
    await expect.poll(both, { timeout: 10_000, interval: 20 }).toEqual([1, 1]);
    await twoTicks();
    expect(both()).toEqual([1, 1]);
    const second = await page(ports[1]!, other);
    await pushed(onA, 2);
    await pushed(onB, 2);
    expect((await a.inject({ method: 'GET', url: '/api/chat/en' })).json().data.online).toBe(2);
    // Leaving node B keeps the player online through node A.
    onB.pusher.disconnect();
    await twoTicks();
    expect(both()).toEqual([2, 2]);
    second.pusher.disconnect();
    await pushed(onA, 1);
    onA.pusher.disconnect();
    await expect.poll(both, { timeout: 10_000, interval: 50 }).toEqual([0, 0]);
  });
});
