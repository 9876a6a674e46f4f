import { hmacSha256Keyed } from './sha256.ts';

// The seed-pair byte generator of docs/fairness.md, the scheme public verifiers implement:
// bytes = HMAC_SHA256(key = serverSeed (the string), message = `${clientSeed}:${nonce}:${round}`),
// 32 bytes per round; a cursor reads them in order and moves to the next round at each 32-byte
// boundary. A float takes 4 bytes: b0/256 + b1/256² + b2/256³ + b3/256⁴, so it lies in [0, 1).

export interface SeedPairInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

// Keyed HMACs are cheap to reuse and costly to build (two compressions); players verify many
// nonces of one server seed, and tests draw millions, so the last few keys stay ready.
const keyed = new Map<string, (message: string) => Uint8Array>();
function hmacFor(serverSeed: string): (message: string) => Uint8Array {
  let fn = keyed.get(serverSeed);
  if (!fn) {
    if (keyed.size >= 16) keyed.delete(keyed.keys().next().value!);
    fn = hmacSha256Keyed(serverSeed);
    keyed.set(serverSeed, fn);
  }
  return fn;
}

function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error(`nonce must be a non-negative integer, got ${nonce}`);
}

/** The first `count` bytes of the stream for one bet. */
export function seedBytes(serverSeed: string, clientSeed: string, nonce: number, count: number): Uint8Array {
  assertNonce(nonce);
  const hmac = hmacFor(serverSeed);
  const out = new Uint8Array(count);
  for (let round = 0; round * 32 < count; round++) {
    const block = hmac(`${clientSeed}:${nonce}:${round}`);
    out.set(block.subarray(0, Math.min(32, count - round * 32)), round * 32);
  }
  return out;
}

/** `count` floats in [0, 1) for one bet, 4 bytes each (8 per HMAC round). */
export function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const bytes = seedBytes(serverSeed, clientSeed, nonce, count * 4);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(bytesToFloat(bytes, i * 4));
  return out;
}

/** b0/256 + b1/256² + b2/256³ + b3/256⁴, summed as the verifiers do (exact in binary floating point). */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  let value = 0;
  for (let i = 0; i < 4; i++) value += bytes[offset + i]! / 256 ** (i + 1);
  return value;
}
