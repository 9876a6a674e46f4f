import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diceRoll, plinkoPath, ticket, TICKETS, wheelSegment, battleRolls, crashPoint, wheelResult } from '../../../core/fair/index.ts';
import { chiSquaredP } from './chiSquared.ts';

// Each outcome function, over at least 250k draws, must fit its intended distribution
// (chi-squared p > 0.001). Fixed seeds keep the runs reproducible; a biased mapping (off-by-one
// bucket, a modulo instead of a floor, a skipped byte) fails these.
const DRAWS = 250_000;
const SERVER = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';
const CLIENT = 'distribution-test';

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

describe('distributions over 250k draws', { timeout: 120_000 }, () => {
  it('dice: 10001 equally likely rolls', () => {
    const counts = new Array<number>(10001).fill(0);
    for (let nonce = 1; nonce <= DRAWS; nonce++) counts[Math.round(diceRoll(SERVER, CLIENT, nonce) * 100)]! += 1;
    const { p } = chiSquaredP(counts, counts.map(() => 1 / 10001));
    expect(p).toBeGreaterThan(0.001);
  });

  it('plinko (8 rows): slots follow Binomial(8, ½)', () => {
    const counts = new Array<number>(9).fill(0);
    for (let nonce = 1; nonce <= DRAWS; nonce++) counts[plinkoPath(SERVER, CLIENT, nonce, 8).slot]! += 1;
    const { p } = chiSquaredP(counts, counts.map((_, k) => binomial(8, k) / 256));
    expect(p).toBeGreaterThan(0.001);
  });

  it('tickets: uniform over 1 … TICKETS (in 1000 buckets of 100)', () => {
    const counts = new Array<number>(1000).fill(0);
    for (let nonce = 1; nonce <= DRAWS; nonce++) counts[Math.floor((ticket(SERVER, CLIENT, nonce) - 1) / (TICKETS / 1000))]! += 1;
    const { p } = chiSquaredP(counts, counts.map(() => 1 / 1000));
    expect(p).toBeGreaterThan(0.001);
  });

  it('wheel segment from a seed pair: 54 equal segments', () => {
    const counts = new Array<number>(54).fill(0);
    for (let nonce = 1; nonce <= DRAWS; nonce++) counts[wheelSegment(SERVER, CLIENT, nonce, 54)]! += 1;
    const { p } = chiSquaredP(counts, counts.map(() => 1 / 54));
    expect(p).toBeGreaterThan(0.001);
  });

  it('battle rolls: every seat uniform (4 seats × 250k rounds, 100 buckets)', () => {
    const counts = new Array<number>(400).fill(0);
    for (let round = 1; round <= DRAWS / 4; round++) {
      battleRolls(SERVER, 'public-seed', round, 4).forEach((t, seat) => {
        counts[seat * 100 + Math.floor((t - 1) / (TICKETS / 100))]! += 1;
      });
    }
    const { p } = chiSquaredP(counts, counts.map(() => 1 / 400));
    expect(p).toBeGreaterThan(0.001);
  });

  // Game hashes: SHA-256 of a counter (a stand-in for chain hashes, which are SHA-256 outputs too).
  const gameHashes = (count: number) => Array.from({ length: count }, (_, i) => createHash('sha256').update(`game-${i}`).digest('hex'));

  it('crash: P(crash < m) = 1 − 0.99 / m', () => {
    const edges = [1.01, 1.1, 1.25, 1.5, 2, 3, 5, 10, 100];
    const counts = new Array<number>(edges.length + 1).fill(0);
    for (const hash of gameHashes(DRAWS)) {
      const point = crashPoint(hash, 'distribution-salt');
      const bucket = edges.findIndex((e) => point < e);
      counts[bucket < 0 ? edges.length : bucket]! += 1;
    }
    const below = (m: number) => 1 - 0.99 / m;
    const probabilities = [...edges.map((e, i) => below(e) - (i === 0 ? 0 : below(edges[i - 1]!))), 0.99 / 100];
    const { p } = chiSquaredP(counts, probabilities);
    expect(p).toBeGreaterThan(0.001);
  });

  it('wheel from a hash chain: 54 equal segments', () => {
    const counts = new Array<number>(54).fill(0);
    for (const hash of gameHashes(DRAWS)) counts[wheelResult(hash, 'distribution-salt', 54)]! += 1;
    const { p } = chiSquaredP(counts, counts.map(() => 1 / 54));
    expect(p).toBeGreaterThan(0.001);
  });

  it('the test itself rejects a biased generator (a modulo-biased die)', () => {
    const counts = new Array<number>(10001).fill(0);
    for (let i = 0; i < DRAWS; i++) counts[Math.floor(Math.random() * 65536) % 10001]! += 1;
    expect(chiSquaredP(counts, counts.map(() => 1 / 10001)).p).toBeLessThan(0.001);
  });
});
