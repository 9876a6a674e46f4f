// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain TypeScript: synchronous and identical
// in the browser and in Node, so the server, the fairness pages and the CLI run the same code.
// (WebCrypto is async-only in browsers; node:crypto does not exist there.)

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

// One schedule buffer reused by every call: everything here is synchronous, so no call can interleave.
const W = new Uint32Array(64);

function compress(state: Uint32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    W[i] = ((block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!) >>> 0;
  }
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) >>> 0;
  }
  let a = state[0]!, b = state[1]!, c = state[2]!, d = state[3]!, e = state[4]!, f = state[5]!, g = state[6]!, h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) >>> 0;
  state[1] = (state[1]! + b) >>> 0;
  state[2] = (state[2]! + c) >>> 0;
  state[3] = (state[3]! + d) >>> 0;
  state[4] = (state[4]! + e) >>> 0;
  state[5] = (state[5]! + f) >>> 0;
  state[6] = (state[6]! + g) >>> 0;
  state[7] = (state[7]! + h) >>> 0;
}

// Scratch space reused by every call (single-threaded and synchronous): the padded tail and the
// working state. Avoiding allocations per call makes a million HMACs take about a second.
const TAIL = new Uint8Array(128);
const WORK = new Uint32Array(8);

/** Hashes `data` continuing from `state` after `prefixLength` bytes already compressed (a multiple of 64). */
function finish(state: Uint32Array, prefixLength: number, data: Uint8Array): Uint8Array {
  const s = WORK;
  s.set(state);
  const full = data.length - (data.length % 64);
  for (let off = 0; off < full; off += 64) compress(s, data, off);
  const rest = data.length - full;
  const tailLength = rest < 56 ? 64 : 128;
  TAIL.fill(0, 0, tailLength);
  for (let i = 0; i < rest; i++) TAIL[i] = data[full + i]!;
  TAIL[rest] = 0x80;
  const bits = (prefixLength + data.length) * 8;
  const high = Math.floor(bits / 0x100000000);
  const low = bits >>> 0;
  TAIL[tailLength - 8] = high >>> 24;
  TAIL[tailLength - 7] = (high >>> 16) & 0xff;
  TAIL[tailLength - 6] = (high >>> 8) & 0xff;
  TAIL[tailLength - 5] = high & 0xff;
  TAIL[tailLength - 4] = low >>> 24;
  TAIL[tailLength - 3] = (low >>> 16) & 0xff;
  TAIL[tailLength - 2] = (low >>> 8) & 0xff;
  TAIL[tailLength - 1] = low & 0xff;
  compress(s, TAIL, 0);
  if (tailLength === 128) compress(s, TAIL, 64);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = s[i]!;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = (word >>> 16) & 0xff;
    out[i * 4 + 2] = (word >>> 8) & 0xff;
    out[i * 4 + 3] = word & 0xff;
  }
  return out;
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  // Seeds and nonces are ASCII almost always; copying char codes skips the encoder's overhead.
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return encoder.encode(text);
    out[i] = code;
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  throw new Error('not a hex string');
}

export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new Error('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (nibble(hex.charCodeAt(i * 2)) << 4) | nibble(hex.charCodeAt(i * 2 + 1));
  return out;
}

export function sha256(data: Uint8Array): Uint8Array {
  return finish(INITIAL, 0, data);
}

/** SHA-256 of a string's UTF-8 bytes, as lower-case hex. */
export function sha256Hex(text: string): string {
  return toHex(sha256(utf8(text)));
}

/**
 * An HMAC-SHA256 bound to one key. The inner and outer pad blocks are compressed once here, so
 * each message costs only its own blocks plus one: a million draws from one server seed stay fast.
 */
export function hmacSha256Keyed(key: Uint8Array | string): (message: Uint8Array | string) => Uint8Array {
  let k = typeof key === 'string' ? utf8(key) : key;
  if (k.length > 64) k = sha256(k);
  const ipad = new Uint8Array(64).fill(0x36);
  const opad = new Uint8Array(64).fill(0x5c);
  for (let i = 0; i < k.length; i++) {
    ipad[i]! ^= k[i]!;
    opad[i]! ^= k[i]!;
  }
  const inner = new Uint32Array(INITIAL);
  compress(inner, ipad, 0);
  const outer = new Uint32Array(INITIAL);
  compress(outer, opad, 0);
  return (message) => finish(outer, 64, finish(inner, 64, typeof message === 'string' ? utf8(message) : message));
}

export function hmacSha256(key: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return hmacSha256Keyed(key)(message);
}
