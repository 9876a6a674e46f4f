import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types: the web push payload encoding (RFC 8188) the web-push library uses
import ece from 'http_ece';

// A local push service speaking the web push protocol (RFC 8030, 8291, 8292) as a browser's push
// service would: it takes POSTs at /push/{id}, checks the VAPID identification against the
// server's public key and decrypts each payload with the keys of the browser it made them for. A
// subscription it says is gone answers 410, as FCM and Mozilla do for an expired one.

export interface PushReceived {
  id: string;
  /** The decrypted payload. */
  payload: unknown;
  /** The JWT's audience and subject, and its public key (the `k` of the Authorization header). */
  audience: string;
  subject: string;
  key: string;
  ttl: string | undefined;
}

export interface LocalPushService {
  origin: string;
  received: PushReceived[];
  /** A browser's subscription at this service: its endpoint and keys (made here, as a browser makes its own). */
  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Resolves with the next push received from now on. */
  next(): Promise<PushReceived>;
  /** Ids answered 410 Gone from now on. */
  gone: Set<string>;
  close(): Promise<void>;
}

function verifyVapid(header: string | undefined): { audience: string; subject: string; key: string } {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (claims.exp * 1000 < Date.now()) throw new Error('the VAPID token has expired');
  return { audience: claims.aud, subject: claims.sub, key };
}

/** Starts the service on `port` (0: any free port). */
export async function startPushService(port = 0): Promise<LocalPushService> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: PushReceived[] = [];
  const gone = new Set<string>();
  const waiting: ((p: PushReceived) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([a-z0-9]+)$/.exec(req.url ?? '')?.[1];
      const browser = id ? browsers.get(id) : undefined;
      if (!id || !browser || req.method !== 'POST') return void res.writeHead(404).end();
      if (gone.has(id)) return void res.writeHead(410).end();
      try {
        const vapid = verifyVapid(req.headers.authorization);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }) as Buffer;
        const push = { id, payload: JSON.parse(plain.toString()), ...vapid, ttl: req.headers.ttl as string | undefined };
        received.push(push);
        for (const resolve of waiting.splice(0)) resolve(push);
        res.writeHead(201).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    gone,
    subscription() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
