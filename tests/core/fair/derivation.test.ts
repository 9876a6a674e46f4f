import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  sha256Hex,
  hmacSha256,
  toHex,
  floats,
  seedBytes,
  diceRoll,
  plinkoPath,
  ticket,
  TICKETS,
  ticketRanges,
  pickByTicket,
  wheelSegment,
  battlePublicSeed,
  battleRolls,
  battleTieBreak,
  crashPoint,
  wheelResult,
  generateChain,
  verifyChain,
  nextChainHash,
} from '../../../core/fair/index.ts';
import { refCrash, refDice, refFloats, refSha256 } from './independent.ts';
import { createHmac } from 'node:crypto';

describe('SHA-256 and HMAC-SHA256 (published vectors)', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('matches RFC 4231 test case 2', () => {
    expect(toHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('agrees with node:crypto on any key and message, across block boundaries and non-ASCII text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), fc.string({ maxLength: 300 }), (key, message) => {
        expect(toHex(hmacSha256(key, message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
        expect(sha256Hex(message)).toBe(refSha256(message));
      }),
      { numRuns: 300 },
    );
  });
});

// The scheme's public verifiers (docs/fairness.md) publish formulas, not fixed numbers we could cite
// reliably, so these vectors were derived once with node:crypto (tests/core/fair/independent.ts)
// and pinned: they guard docs/fairness.md's worked examples against any change of the algorithm.
const SERVER = 'b4c1b7c2f6f0a6b5b5a0f9a3a1c7e8d9f0e1d2c3b4a5968778695a4b3c2d1e0f';
describe('seed-pair scheme: core/fair equals an independent node:crypto derivation', () => {
  it('reproduces pinned vectors (docs/fairness.md worked examples)', () => {
    expect(diceRoll(SERVER, 'lucky-client', 1)).toBe(refDice(SERVER, 'lucky-client', 1));
    expect(floats(SERVER, 'lucky-client', 1, 1)[0]).toBe(refFloats(SERVER, 'lucky-client', 1, 1)[0]);
    expect({ dice: diceRoll(SERVER, 'lucky-client', 1), plinko: plinkoPath(SERVER, 'lucky-client', 1, 8) }).toMatchInlineSnapshot(`
      {
        "dice": 41.54,
        "plinko": {
          "path": [
            0,
            0,
            0,
            0,
            0,
            1,
            0,
            1,
          ],
          "slot": 2,
        },
      }
    `);
  });

  it('reads floats across 32-byte rounds exactly like the reference', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), fc.string({ minLength: 1, maxLength: 64 }), fc.nat(), fc.integer({ min: 1, max: 40 }), (server, client, nonce, count) => {
        expect(floats(server, client, nonce, count)).toEqual(refFloats(server, client, nonce, count));
      }),
      { numRuns: 300 },
    );
    // 20 bytes cross no boundary, 40 cross one: the second round starts at byte 32.
    const bytes = seedBytes(SERVER, 'c', 3, 40);
    expect(toHex(bytes.subarray(32))).toBe(createHmac('sha256', SERVER).update('c:3:1').digest('hex').slice(0, 16));
  });

  it('derives dice, plinko, tickets, wheel and battles from the same floats', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const server = randomBytes(32).toString('hex');
      const client = randomBytes(6).toString('base64url');
      expect(diceRoll(server, client, nonce)).toBe(refDice(server, client, nonce));
      const rows = 8 + (nonce % 9);
      const path = refFloats(server, client, nonce, rows).map((f) => Math.floor(f * 2));
      expect(plinkoPath(server, client, nonce, rows)).toEqual({ path, slot: path.filter((d) => d === 1).length });
      const f0 = refFloats(server, client, nonce, 1)[0]!;
      expect(ticket(server, client, nonce)).toBe(Math.floor(f0 * TICKETS) + 1);
      expect(wheelSegment(server, client, nonce, 54)).toBe(Math.floor(f0 * 54));
      const seats = 1 + (nonce % 6);
      expect(battleRolls(server, client, nonce + 1, seats)).toEqual(refFloats(server, client, nonce + 1, seats).map((f) => Math.floor(f * TICKETS) + 1));
    }
  });

  it('keeps dice rolls in 0.00 … 100.00 with two decimals', () => {
    for (let nonce = 0; nonce < 2000; nonce++) {
      const roll = diceRoll(SERVER, 'x', nonce);
      expect(roll).toBeGreaterThanOrEqual(0);
      expect(roll).toBeLessThanOrEqual(100);
      expect(Math.round(roll * 100) / 100).toBe(roll);
    }
  });

  it('rejects invalid nonces and plinko rows', () => {
    expect(() => diceRoll(SERVER, 'x', -1)).toThrow();
    expect(() => diceRoll(SERVER, 'x', 1.5)).toThrow();
    expect(() => plinkoPath(SERVER, 'x', 1, 7)).toThrow();
    expect(() => plinkoPath(SERVER, 'x', 1, 17)).toThrow();
  });
});

describe('ticket ranges', () => {
  it('tile 1 … TICKETS exactly from percentages or weights', () => {
    const ranges = ticketRanges([50, 30, 15, 4.999, 0.001]);
    expect(ranges).toEqual([
      { from: 1, to: 50_000 },
      { from: 50_001, to: 80_000 },
      { from: 80_001, to: 95_000 },
      { from: 95_001, to: 99_999 },
      { from: 100_000, to: 100_000 },
    ]);
    expect(pickByTicket(1, ranges)).toBe(0);
    expect(pickByTicket(50_000, ranges)).toBe(0);
    expect(pickByTicket(50_001, ranges)).toBe(1);
    expect(pickByTicket(100_000, ranges)).toBe(4);
    expect(ticketRanges([1, 1, 2])).toEqual([
      { from: 1, to: 25_000 },
      { from: 25_001, to: 50_000 },
      { from: 50_001, to: 100_000 },
    ]);
  });

  it('gives every ticket to exactly one item for any odds', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.0001, max: 100, noNaN: true }), { minLength: 1, maxLength: 30 }), (odds) => {
        const ranges = ticketRanges(odds);
        expect(ranges[0]!.from).toBe(1);
        expect(ranges.at(-1)!.to).toBe(TICKETS);
        for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.from).toBe(ranges[i - 1]!.to + 1);
      }),
    );
  });

  it('rejects bad odds and out-of-range tickets', () => {
    expect(() => ticketRanges([])).toThrow();
    expect(() => ticketRanges([0, 0])).toThrow();
    expect(() => ticketRanges([-1, 2])).toThrow();
    expect(() => pickByTicket(0, ticketRanges([1]))).toThrow();
    expect(() => pickByTicket(TICKETS + 1, ticketRanges([1]))).toThrow();
  });
});

describe('battles', () => {
  it('fix the public seed from all seats and break ties by the published rule', () => {
    expect(battlePublicSeed(['a', 'b'])).toBe(refSha256('a:b'));
    const tied = [1, 3];
    const f = refFloats(SERVER, 'pub', 0, 1)[0]!;
    expect(battleTieBreak(SERVER, 'pub', tied)).toBe(tied[Math.floor(f * 2)]);
    expect(() => battleRolls(SERVER, 'pub', 0, 2)).toThrow();
  });
});

describe('hash chains, crash and wheel', () => {
  it('derive crash points exactly like the reference, with an instant 1.00 below X = 1/99', () => {
    for (let i = 0; i < 500; i++) {
      const hash = randomBytes(32).toString('hex');
      expect(crashPoint(hash, 'salt-1')).toBe(refCrash(hash, 'salt-1'));
    }
    expect(crashPoint('0'.repeat(64), 'salt')).toBe(refCrash('0'.repeat(64), 'salt'));
    expect(() => crashPoint('xyz', 'salt')).toThrow();
  });

  it('generate a chain whose every game hash walks back to the terminating hash', () => {
    const chain = generateChain(refSha256('seed'), 50);
    expect(chain[1]).toBe(refSha256(chain[0]!));
    const terminating = chain[50]!;
    for (let game = 1; game <= 50; game++) expect(verifyChain(chain[50 - game]!, terminating, 100)).toBe(game);
    expect(verifyChain(refSha256('other'), terminating, 100)).toBeNull();
    expect(nextChainHash(chain[10]!)).toBe(chain[11]);
  });

  it('maps a game hash to a wheel segment from the salted HMAC, not the hash itself', () => {
    const hash = refSha256('g');
    const hex = createHmac('sha256', 'salt').update(Buffer.from(hash, 'hex')).digest('hex').slice(0, 13);
    expect(wheelResult(hash, 'salt', 54)).toBe(Math.floor((parseInt(hex, 16) / 2 ** 52) * 54));
    expect(wheelResult(hash, 'other salt', 1000)).not.toBe(wheelResult(hash, 'salt', 1000));
  });
});

describe('docs/fairness.md worked examples', () => {
  it('match the code', () => {
    expect(sha256Hex(SERVER)).toBe('6b86d42b4aab7880639ea92659ba5d99a2902919a7f17375ffe9e37fdaa51189');
    expect(toHex(seedBytes(SERVER, 'lucky-client', 1, 32))).toBe('6a575c93728f536f06074cf9139b92d234288ccb955b572506ac5c4ec4d22d01');
    expect(plinkoPath(SERVER, 'lucky-client', 1, 16).slot).toBe(5);
    expect(ticket(SERVER, 'lucky-client', 1)).toBe(41540);
    expect(pickByTicket(41540, ticketRanges([50, 30, 15, 4.9, 0.1]))).toBe(0);
    const chain = generateChain(sha256Hex('example chain seed'), 5);
    expect(chain[5]).toBe('19ff086333aa3aba0807b43776b384f7df73af0e48c30e2f5484883fbb78cf9c');
    expect([1, 2, 3, 4, 5].map((n) => crashPoint(chain[5 - n]!, 'example salt'))).toEqual([9.25, 6, 2.67, 1.13, 1.01]);
    expect([1, 2, 3, 4, 5].map((n) => wheelResult(chain[5 - n]!, 'example salt', 54))).toEqual([48, 45, 34, 6, 1]);
    const pub = battlePublicSeed(['alice-seed', 'bob-seed']);
    expect(pub).toBe('3342293188ca7d304695381bd36eb6c32948b4a62f5c0a2b7f612018b84326f4');
    expect([battleRolls(SERVER, pub, 1, 2), battleRolls(SERVER, pub, 2, 2), battleTieBreak(SERVER, pub, [0, 1])]).toEqual([[75607, 23492], [907, 81266], 1]);
  });
});
