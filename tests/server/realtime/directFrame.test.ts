import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { textFrame } from '../../../server/realtime/directFrame.ts';
import { createPusherServer } from '../../../server/realtime/pusherServer.ts';

// The frame a fan-out builds once and writes as it is (server/realtime/directFrame.ts) must be the
// very bytes ws writes for `send`, at every length encoding (7-bit, 16-bit, 64-bit), and the Pusher
// server's publish through it must reach stock ws clients whole and in order.

// ws's own frame builder (Sender.frame, not in its typings): the reference.
const { Sender } = createRequire(import.meta.url)('ws') as { Sender: { frame(data: Buffer, options: object): Buffer[] } };
const wsFrame = (data: Buffer, options: object) => Sender.frame(data, options);

describe('textFrame', () => {
  it('is the frame ws sends for the payload, at every length encoding', () => {
    for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 100_000]) {
      const payload = Buffer.alloc(length, 'x');
      const reference = Buffer.concat(wsFrame(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }));
      expect(textFrame(payload).equals(reference), `length ${length}`).toBe(true);
    }
  });
});

describe('the Pusher server publishing pre-built frames', () => {
  const KEY = 'frame-key';
  const pusher = createPusherServer({ key: KEY, secret: 'frame-secret-0123456789', maxConnectionsPerAddress: Infinity });
  const http: Server = createServer();
  http.on('upgrade', (request, socket, head) => pusher.handleUpgrade(request, socket, head));
  afterAll(async () => {
    await pusher.close();
    await new Promise((resolve) => http.close(resolve));
  });

  it('every subscriber gets every event whole and in order, small and large', async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(http.address() as { port: number }).port}/app/${KEY}?protocol=7`;
    const received: Array<Array<{ n: number; text: string }>> = [];
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => {
        received[i] = [];
        return new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('error', reject);
          ws.on('message', (raw) => {
            const frame = JSON.parse(raw.toString()) as { event: string; data: string };
            if (frame.event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'drops' } }));
            else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
            else if (frame.event === 'lastDrop') received[i]!.push(JSON.parse(frame.data) as { n: number; text: string });
          });
        });
      }),
    );
    const sent = [10, 200, 70_000, 3].map((size, n) => ({ n, text: 'é'.repeat(size) }));
    for (const data of sent) expect(pusher.publish('drops', 'lastDrop', data)).toBe(5);
    const deadline = Date.now() + 5000;
    while (received.some((r) => r.length < sent.length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    for (const frames of received) expect(frames).toEqual(sent);
  });
});
