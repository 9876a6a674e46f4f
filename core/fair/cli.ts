// The verifier CLI: `npm run fair -- <game> --server-seed S --client-seed C --nonce N …` prints one
// JSON object with the outcome, computed by the same core/fair code as the server and the pages.
// (The only core file allowed to use node: built-ins, for argv and exit codes.)
import { parseArgs } from 'node:util';
import {
  battlePublicSeed,
  battleRolls,
  battleSplitOrder,
  crashPoint,
  diceRoll,
  pickByTicket,
  plinkoPath,
  sha256Hex,
  ticket,
  ticketRanges,
  verifyChain,
  wheelResult,
  wheelSegment,
  limboResult,
  minesBoard,
} from './index.ts';
import { PLINKO_MULTIPLIERS, isPlinkoRisk, isPlinkoRows } from '../games/plinkoPayouts.ts';
import { BATTLE_MODES, battleLayout, battleTeams, type BattleMode } from '../games/battle.ts';

export const HELP = `Verify an outcome: prints one JSON object.

Usage: npm run fair -- <game> [flags]

Games (seed pair: --server-seed S --client-seed C --nonce N):
  dice                       {"game":"dice","roll":93.08}
  plinko   --rows R (8–16) [--risk low|medium|high]
                             {"game":"plinko","path":[1,0,…],"slot":5}
  box      [--odds "50,30,20"]   ticket 1…100000 and, with odds, the item index
  upgrade  --chance P        ticket and whether it wins (ticket ≤ P × 1000)
  wheel-seed --segments N    wheel segment from a seed pair
  limbo                      result multiplier (two decimals, 1.00 … 1000000.00)
  mines    --mines M (1–24)  {"game":"mines","mines":[3,17,…]} the mines' tiles (0 top left … 24, row by row)
Battles:
  battle   --server-seed S (--public-seed P | --client-seeds "a,b,…") --round R --seats N
           [--mode 2v2|3v3 …]   with a mode, each team's split order (ties in the split go first to first)
Round games (hash chain: --hash H --salt S):
  crash                      {"game":"crash","crashPoint":1.23}
  wheel    [--segments N]    segment of the wheel (default 54)
  chain    --hash H --terminating-hash T [--max-steps N]   walks back to the terminating hash

Flags: --server-seed --client-seed --nonce --rows --risk --hash --salt --segments --odds --chance --mines
       --public-seed --client-seeds --round --seats --mode --terminating-hash --max-steps --help`;

const options = {
  'server-seed': { type: 'string' },
  'client-seed': { type: 'string' },
  nonce: { type: 'string' },
  rows: { type: 'string' },
  risk: { type: 'string' },
  hash: { type: 'string' },
  salt: { type: 'string' },
  segments: { type: 'string' },
  odds: { type: 'string' },
  chance: { type: 'string' },
  mines: { type: 'string' },
  'public-seed': { type: 'string' },
  'client-seeds': { type: 'string' },
  round: { type: 'string' },
  seats: { type: 'string' },
  mode: { type: 'string' },
  'terminating-hash': { type: 'string' },
  'max-steps': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

function need(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

function int(values: Record<string, string | boolean | undefined>, name: string, min: number, fallback?: number): number {
  const raw = values[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = Number(need(values, name));
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} must be an integer ≥ ${min}`);
  return n;
}

/** Computes the JSON answer for argv (without node and script); throws UsageError on bad input. */
export function run(argv: string[]): Record<string, unknown> | string {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const game = positionals[0];
  if (values.help || !game) return HELP;
  const seeds = () => ({ serverSeed: need(values, 'server-seed'), clientSeed: need(values, 'client-seed'), nonce: int(values, 'nonce', 0) });
  switch (game) {
    case 'dice': {
      const s = seeds();
      return { game, roll: diceRoll(s.serverSeed, s.clientSeed, s.nonce) };
    }
    case 'plinko': {
      const s = seeds();
      const rows = int(values, 'rows', 8, 16);
      if (!isPlinkoRows(rows)) throw new UsageError('--rows must be 8 to 16');
      const { path, slot } = plinkoPath(s.serverSeed, s.clientSeed, s.nonce, rows);
      const risk = values.risk;
      if (risk !== undefined && !isPlinkoRisk(risk)) throw new UsageError('--risk must be low, medium or high');
      return risk ? { game, path, slot, multiplier: PLINKO_MULTIPLIERS[rows][risk][slot] } : { game, path, slot };
    }
    case 'box': {
      const s = seeds();
      const t = ticket(s.serverSeed, s.clientSeed, s.nonce);
      if (!values.odds) return { game, ticket: t };
      const odds = values.odds.split(',').map(Number);
      if (odds.some((o) => !Number.isFinite(o))) throw new UsageError('--odds is a comma-separated list of numbers');
      return { game, ticket: t, item: pickByTicket(t, ticketRanges(odds)) };
    }
    case 'upgrade': {
      const s = seeds();
      const chance = Number(need(values, 'chance'));
      if (!(chance > 0 && chance < 100)) throw new UsageError('--chance must be a percentage between 0 and 100');
      const t = ticket(s.serverSeed, s.clientSeed, s.nonce);
      return { game, ticket: t, won: t <= Math.round(chance * 1000) };
    }
    case 'limbo': {
      const s = seeds();
      return { game, result: limboResult(s.serverSeed, s.clientSeed, s.nonce) };
    }
    case 'wheel-seed': {
      const s = seeds();
      return { game, segment: wheelSegment(s.serverSeed, s.clientSeed, s.nonce, int(values, 'segments', 1)) };
    }
    case 'mines': {
      const s = seeds();
      const mines = int(values, 'mines', 1);
      if (mines > 24) throw new UsageError('--mines must be 1 to 24');
      return { game, mines: minesBoard(s.serverSeed, s.clientSeed, s.nonce, mines) };
    }
    case 'battle': {
      const serverSeed = need(values, 'server-seed');
      const publicSeed = values['public-seed'] ?? (values['client-seeds'] ? battlePublicSeed(values['client-seeds'].split(',')) : undefined);
      if (!publicSeed) throw new UsageError('--public-seed or --client-seeds is required');
      const round = int(values, 'round', 1);
      const tickets = battleRolls(serverSeed, publicSeed, round, int(values, 'seats', 1));
      if (values.mode === undefined) return { game, publicSeed, round, tickets };
      if (!(BATTLE_MODES as readonly string[]).includes(values.mode)) throw new UsageError(`--mode is one of ${BATTLE_MODES.join(', ')}`);
      const mode = values.mode as BattleMode;
      if (battleLayout(mode).seats !== tickets.length) throw new UsageError(`a ${mode} battle has ${battleLayout(mode).seats} seats`);
      return { game, publicSeed, round, tickets, splitOrders: battleTeams(mode).map((members) => battleSplitOrder(serverSeed, publicSeed, members)) };
    }
    case 'crash':
      return { game, crashPoint: crashPoint(need(values, 'hash'), need(values, 'salt')) };
    case 'wheel':
      return { game, segment: wheelResult(need(values, 'hash'), need(values, 'salt'), int(values, 'segments', 1, 54)) };
    case 'chain': {
      const hash = need(values, 'hash');
      const steps = verifyChain(hash, need(values, 'terminating-hash'), int(values, 'max-steps', 1, 10_000_000));
      return { game, hash, next: sha256Hex(hash), gameNumber: steps, valid: steps !== null };
    }
    default:
      throw new UsageError(`unknown game "${game}": see --help`);
  }
}

function main(): void {
  try {
    const answer = run(process.argv.slice(2));
    if (typeof answer === 'string') console.log(answer);
    else console.log(JSON.stringify(answer));
  } catch (error) {
    console.error(`fair: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
