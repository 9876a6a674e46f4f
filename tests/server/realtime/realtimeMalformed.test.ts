import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../helpers/ports.ts';
import { serverProcessEnv } from '../../helpers/serverProcess.ts';

// No input may end the process. A real server process (server/main.ts, embedded database) is sent
// every malformed websocket upgrade and frame we could think of; it must answer each with the
// protocol's error (or a closed socket) and still serve HTTP and websockets afterwards. Before the
// fix, `/app/%` threw URIError inside the upgrade listener and the process exited.

let child: ChildProcess;
let port: number;
let output = '';

beforeAll(async () => {
  port = await freePort();
  child = spawn(process.execPath, ['server/main.ts'], {
    env: serverProcessEnv({ DATABASE_URL: undefined, REDIS_URL: undefined, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${output}`);
}, 90_000);

afterAll(async () => {
  if (child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.on('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
});

/** Sends one raw HTTP request on a fresh TCP connection; resolves with what came back before it closed (or 1.5 s). */
function raw(request: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received));
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 1_500).unref();
  });
}

function upgrade(path: string, extraHeaders = 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n'): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n${extraHeaders}\r\n`;
}

/**
 * Opens a websocket and resolves with its close code (or 'open' if it is still open after the wait).
 * The wait is only an upper bound, long enough for a loaded machine: a close resolves at once.
 */
function closeCodeOf(path: string, afterOpen?: (ws: WebSocket) => void, wait = 15_000): Promise<number | 'open' | 'error'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('open');
    }, wait);
    ws.on('open', () => afterOpen?.(ws));
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    ws.on('unexpected-response', () => {
      clearTimeout(timer);
      ws.terminate();
      resolve('error');
    });
  });
}

async function stillServing() {
  expect(child.exitCode, output).toBeNull();
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  const frame = await new Promise<string>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/shop-key?protocol=7`);
    ws.on('message', (m) => {
      resolve(m.toString());
      ws.close();
    });
    ws.on('error', reject);
  });
  expect(JSON.parse(frame).event).toBe('pusher:connection_established');
}

describe('malformed websocket input', () => {
  it('closes a malformed /app/ path with 4001 (app does not exist) and stays up', { timeout: 120_000 }, async () => {
    for (const path of ['/app/%', '/app/%E0%A4%A', '/app/%ZZ', '/app/%C0%AF', '/app/%00', '/app/', '/app/shop-key%', '/app/' + '%'.repeat(2_000)]) {
      expect(await closeCodeOf(`${path}?protocol=7`), path).toBe(4001);
    }
    // A bad query on the right key: unsupported protocol (4007), not an exception.
    for (const query of ['?protocol=%', '?protocol=%E0%A4%A', '?%=%', '']) {
      expect(await closeCodeOf(`/app/shop-key${query}`), query).toBe(4007);
    }
    await stillServing();
  });

  it('survives raw upgrade requests no client library would send', async () => {
    const requests = [
      upgrade('/app/%'),
      upgrade('//'),
      upgrade('//app/%'),
      upgrade('*'),
      upgrade('http://['),
      upgrade('/app/shop-key?protocol=7', ''), // no key, no version
      upgrade('/app/shop-key?protocol=7', 'Sec-WebSocket-Key: x\r\nSec-WebSocket-Version: 99\r\n'),
      upgrade('/socket.io/?EIO=%&transport=websocket'),
      upgrade('/socket.io/?EIO=4&transport=websocket&sid=%E0%A4%A'),
      upgrade('/socket.io/'),
      upgrade('/elsewhere/%'),
      upgrade('/app/' + 'a'.repeat(60_000)),
      Buffer.concat([Buffer.from(upgrade('/app/shop-key?protocol=7')), Buffer.from([0x81, 0xff, 0xff, 0xff])]), // a frame header cut short
      Buffer.from('GET /app/% HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n\x00\xff'),
    ];
    // All at once: each waits up to 1.5 s for a server that keeps the socket open, and the process
    // must survive every one of them, together as well as apart.
    await Promise.all(requests.map(raw));
    await stillServing();
  });

  it('answers malformed frames with pusher:error or a protocol close, and stays up', { timeout: 90_000 }, async () => {
    const frames: Array<string | Buffer> = [
      '{',
      'null',
      '[]',
      '1',
      '"text"',
      '{"event":1}',
      '{"event":null}',
      '{"event":"pusher:subscribe"}',
      '{"event":"pusher:subscribe","data":null}',
      '{"event":"pusher:subscribe","data":"{"}',
      '{"event":"pusher:subscribe","data":{"channel":123}}',
      `{"event":"pusher:subscribe","data":{"channel":"${'x'.repeat(500)}"}}`,
      '{"event":"pusher:subscribe","data":{"channel":"private-users.1","auth":{"a":1}}}',
      '{"event":"pusher:subscribe","data":{"channel":"private-users.1","auth":"shop-key:%"}}',
      '{"event":"pusher:subscribe","data":{"channel":"presence-x"}}',
      '{"event":"pusher:unsubscribe","data":5}',
      '{"event":"pusher:unsubscribe","data":{"channel":"never-subscribed"}}',
      '{"event":"client-x","channel":"lastDrop","data":{}}',
      '{"event":"constructor","data":{"__proto__":{"polluted":true}}}',
      `{"event":"${'e'.repeat(10_000)}"}`,
      Buffer.from([0, 1, 2, 3]),
    ];
    const errors: unknown[] = [];
    // Bad frames are answered, not fatal to the connection: once the answers are in (or 15 s have
    // passed on a slow machine) the socket must still be open.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/shop-key?protocol=7`);
    let closed: number | null = null;
    ws.on('close', (c) => (closed = c));
    ws.on('message', (m) => {
      const parsed = JSON.parse(m.toString()) as { event: string };
      if (parsed.event === 'pusher:error' || parsed.event === 'pusher:subscription_error') errors.push(parsed);
    });
    ws.on('open', () => {
      for (const f of frames) ws.send(f, { binary: Buffer.isBuffer(f) });
    });
    await expect.poll(() => errors.length >= 15 || closed !== null, { timeout: 15_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 300)); // a close right after the last answer would show here
    expect(closed).toBeNull();
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.terminate();
    expect(errors.length).toBeGreaterThanOrEqual(15);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Frames the websocket layer itself refuses: invalid UTF-8 text (1007) and an oversized message (1009).
    expect(await closeCodeOf('/app/shop-key?protocol=7', (ws) => ws.send(Buffer.from([0xc3, 0x28, 0xff]), { binary: false }))).toBe(1007);
    expect(await closeCodeOf('/app/shop-key?protocol=7', (ws) => ws.send('x'.repeat(70 * 1024)))).toBe(1009);
    await stillServing();
  });
});
