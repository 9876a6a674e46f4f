import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { run, HELP } from '../../../core/fair/cli.ts';
import { refCrash, refDice, refFloats } from './independent.ts';

const SERVER = 'b4c1b7c2f6f0a6b5b5a0f9a3a1c7e8d9f0e1d2c3b4a5968778695a4b3c2d1e0f';
const seedFlags = ['--server-seed', SERVER, '--client-seed', 'lucky-client', '--nonce', '7'];

describe('verifier CLI', () => {
  it('prints one JSON object per call as a process (npm run fair runs this file)', () => {
    const out = execFileSync('node_modules/.bin/node', ['core/fair/cli.ts', 'dice', ...seedFlags], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ game: 'dice', roll: refDice(SERVER, 'lucky-client', 7) });
    const bad = spawnSync('node_modules/.bin/node', ['core/fair/cli.ts', 'dice', '--nonce', '1'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--server-seed is required/);
    expect(spawnSync('node_modules/.bin/node', ['core/fair/cli.ts', '--help'], { encoding: 'utf8' }).stdout).toMatch(/crash/);
  });

  it('computes every game like the independent derivation', () => {
    const path = refFloats(SERVER, 'lucky-client', 7, 12).map((f) => Math.floor(f * 2));
    expect(run(['plinko', ...seedFlags, '--rows', '12'])).toEqual({ game: 'plinko', path, slot: path.filter(Boolean).length });
    const hash = createHash('sha256').update('round').digest('hex');
    expect(run(['crash', '--hash', hash, '--salt', 'pepper'])).toEqual({ game: 'crash', crashPoint: refCrash(hash, 'pepper') });
    const t = Math.floor(refFloats(SERVER, 'lucky-client', 7, 1)[0]! * 100_000) + 1;
    expect(run(['box', ...seedFlags])).toEqual({ game: 'box', ticket: t });
    expect(run(['upgrade', ...seedFlags, '--chance', '50'])).toEqual({ game: 'upgrade', ticket: t, won: t <= 50_000 });
    const next = createHash('sha256').update(hash).digest('hex');
    expect(run(['chain', '--hash', hash, '--terminating-hash', next])).toMatchObject({ gameNumber: 1, valid: true });
    expect(run(['battle', '--server-seed', SERVER, '--public-seed', 'p', '--round', '2', '--seats', '3'])).toMatchObject({ tickets: refFloats(SERVER, 'p', 2, 3).map((f) => Math.floor(f * 100_000) + 1) });
    // The split order, by hand: floats 1 and 2 of nonce 0 shuffle [3, 4, 5] from the last place down.
    const [, f1, f2] = refFloats(SERVER, 'p', 0, 3);
    const team = [3, 4, 5];
    for (const [i, f] of [[2, f1!], [1, f2!]] as const) {
      const j = Math.floor(f * (i + 1));
      [team[i], team[j]] = [team[j]!, team[i]!];
    }
    const split = run(['battle', '--server-seed', SERVER, '--public-seed', 'p', '--round', '1', '--seats', '6', '--mode', '3v3']) as { splitOrders: number[][] };
    expect(split.splitOrders[1]).toEqual(team);
    expect(split.splitOrders[0]!.toSorted()).toEqual([0, 1, 2]);
    expect(() => run(['battle', '--server-seed', SERVER, '--public-seed', 'p', '--round', '1', '--seats', '4', '--mode', '3v3'])).toThrow(/6 seats/);
  });

  it('lists games and flags on --help or without a game, and rejects bad input', () => {
    expect(run(['--help'])).toBe(HELP);
    expect(run([])).toBe(HELP);
    for (const flag of ['--server-seed', '--client-seed', '--nonce', '--rows', '--risk', '--hash', '--salt']) expect(HELP).toContain(flag);
    expect(() => run(['plinko', ...seedFlags, '--rows', '20'])).toThrow(/rows/);
    expect(() => run(['roulette'])).toThrow(/unknown game/);
    expect(() => run(['dice', ...seedFlags, '--bogus', '1'])).toThrow();
  });
});
