import { createHmac, createHash } from 'node:crypto';

// An independent implementation of docs/fairness.md on node:crypto, written from the formulas and not
// from core/fair, so the tests compare two separate computations.

export function refFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  let round = 0;
  let buffer = Buffer.alloc(0);
  let cursor = 0;
  while (out.length < count) {
    if (cursor + 4 > buffer.length) {
      buffer = Buffer.concat([buffer.subarray(cursor), createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest()]);
      round += 1;
      cursor = 0;
    }
    const b = buffer.subarray(cursor, cursor + 4);
    out.push(b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4);
    cursor += 4;
  }
  return out;
}

export function refDice(serverSeed: string, clientSeed: string, nonce: number): number {
  return Math.floor(refFloats(serverSeed, clientSeed, nonce, 1)[0]! * 10001) / 100;
}

export function refCrash(gameHash: string, salt: string): number {
  const hex = createHmac('sha256', salt).update(Buffer.from(gameHash, 'hex')).digest('hex').slice(0, 13);
  const x = parseInt(hex, 16) / 2 ** 52;
  return Math.max(1, Math.floor(99 / (1 - x)) / 100);
}

export function refSha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
