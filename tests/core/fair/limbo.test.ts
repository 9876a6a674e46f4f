import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { limboHundredthsOf, limboResult, LIMBO_MAX_RESULT_HUNDREDTHS } from '../../../core/fair/index.ts';
import { run } from '../../../core/fair/cli.ts';

// Limbo's derivation (docs/limbo.md) against an independent one on node:crypto and BigInt, and the
// property the game's price rests on: P(result ≥ t) = 0.99 / t for every target t.

const SERVER = 'b4c1b7c2f6f0a6b5b5a0f9a3a1c7e8d9f0e1d2c3b4a5968778695a4b3c2d1e0f';
const TWO_32 = 2 ** 32;
/** Nonces 0 … 4 of SERVER with client seed lucky-client. */
const VECTORS = [2.81, 2.38, 1.43, 13.42, 2.37];

/** result = max(1, floor(0.99 / f × 100) / 100), f = n / 2³², in BigInt, capped at 1,000,000. */
function refLimbo(serverSeed: string, clientSeed: string, nonce: number): number {
  const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  const n = BigInt(bytes.readUInt32BE(0));
  if (n === 0n) return 1_000_000;
  const h = (99n * 2n ** 32n) / n;
  return Number(h < 100n ? 100n : h > 100_000_000n ? 100_000_000n : h) / 100;
}

describe('limbo result', () => {
  it('matches the independent derivation and fixed vectors (the fairness page and npm run fair show these)', () => {
    for (let nonce = 0; nonce < 2000; nonce++) expect(limboResult(SERVER, 'lucky-client', nonce)).toBe(refLimbo(SERVER, 'lucky-client', nonce));
    expect([0, 1, 2, 3, 4].map((nonce) => limboResult(SERVER, 'lucky-client', nonce))).toEqual(VECTORS);
    expect(run(['limbo', '--server-seed', SERVER, '--client-seed', 'lucky-client', '--nonce', '3'])).toEqual({ game: 'limbo', result: VECTORS[3] });
  });

  it('ends at 1.00 and at the largest target', () => {
    expect(limboHundredthsOf(TWO_32 - 1)).toBe(100);
    expect(limboHundredthsOf(0)).toBe(LIMBO_MAX_RESULT_HUNDREDTHS);
    expect(limboHundredthsOf(1)).toBe(LIMBO_MAX_RESULT_HUNDREDTHS);
    expect(() => limboHundredthsOf(TWO_32)).toThrow();
  });

  it('reaches every target t with probability 0.99 / t (exactly floor(99 × 2³² / T) + 1 of the 2³² floats)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: LIMBO_MAX_RESULT_HUNDREDTHS }), (t) => {
        // The result never rises as n grows, so the floats that reach t are n = 0 … k.
        const k = Math.floor((99 * TWO_32) / t);
        expect(limboHundredthsOf(k)).toBeGreaterThanOrEqual(t);
        if (k + 1 < TWO_32) expect(limboHundredthsOf(k + 1)).toBeLessThan(t);
        const p = (k + 1) / TWO_32;
        expect(Math.abs(p - 99 / t)).toBeLessThanOrEqual(1 / TWO_32);
      }),
      { numRuns: 2000 },
    );
  });

  it('never rises as the float grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TWO_32 - 2 }), (n) => {
        expect(limboHundredthsOf(n + 1)).toBeLessThanOrEqual(limboHundredthsOf(n));
      }),
    );
  });
});
