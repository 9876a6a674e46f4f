import { fromHex, hmacSha256Keyed, sha256Hex } from './sha256.ts';
import { assertSegments } from './outcomes.ts';

// Round games (crash, wheel): a SHA-256 hash chain played in reverse. Generation starts from a
// secret seed h₀ and sets hᵢ₊₁ = SHA-256(hᵢ as its 64-character hex text); h_L is the terminating
// hash, published before the first round. Game n (1 … L) uses h_{L−n}, so SHA-256 applied n times
// to any revealed game hash gives the terminating hash, and no one can compute a future game hash
// from the revealed ones. The outcome comes from HMAC_SHA256(key = salt, message = the game hash's
// 32 bytes), never from the game hash itself: the salt is fixed after the chain, so the operator
// could not have chosen the chain for favourable results.

export function nextChainHash(hash: string): string {
  return sha256Hex(hash);
}

/** The whole chain h₀ … h_L (small chains: tests, docs, the CLI). Index i holds hᵢ. */
export function generateChain(seed: string, length: number): string[] {
  const chain = [seed];
  for (let i = 0; i < length; i++) chain.push(nextChainHash(chain[i]!));
  return chain;
}

/**
 * Walks back from a game hash to the terminating hash; returns the game number (the number of
 * steps) or null when the terminating hash is not reached within `maxSteps`.
 */
export function verifyChain(gameHash: string, terminatingHash: string, maxSteps: number): number | null {
  let hash = gameHash.toLowerCase();
  const target = terminatingHash.toLowerCase();
  for (let steps = 1; steps <= maxSteps; steps++) {
    hash = nextChainHash(hash);
    if (hash === target) return steps;
  }
  return null;
}

const TWO_52 = 2 ** 52;

// One salt serves a whole chain (millions of rounds): keep its keyed HMAC.
let saltKey: { salt: string; hmac: (message: Uint8Array) => Uint8Array } | null = null;

/** X = (first 52 bits of HMAC_SHA256(key = salt, message = game hash bytes)) / 2^52, in [0, 1). */
export function gameFloat(gameHash: string, salt: string): number {
  if (gameHash.length !== 64) throw new Error('a game hash is 64 hex characters');
  if (saltKey?.salt !== salt) saltKey = { salt, hmac: hmacSha256Keyed(salt) };
  const mac = saltKey.hmac(fromHex(gameHash));
  // First 52 bits = 6 bytes and the high half of the 7th (what parseInt(hex.slice(0, 13), 16) reads).
  let r = 0;
  for (let i = 0; i < 6; i++) r = r * 256 + mac[i]!;
  r = r * 16 + (mac[6]! >>> 4);
  return r / TWO_52;
}

/** crash = max(1, floor(99 / (1 − X)) / 100): P(crash ≥ m) = 0.99 / m for m ≥ 1. */
export function crashPoint(gameHash: string, salt: string): number {
  const x = gameFloat(gameHash, salt);
  return Math.max(1, Math.floor(99 / (1 - x)) / 100);
}

/** Wheel of `segments` equal segments: index = floor(X × segments). */
export function wheelResult(gameHash: string, salt: string, segments: number): number {
  assertSegments(segments);
  return Math.floor(gameFloat(gameHash, salt) * segments);
}
