// The verifier CLI: `npm run fair -- <game> --server-seed S --client-seed C --nonce N …` prints one
// JSON object with the outcome, computed by the same core/fair code as the server and the pages.
// Its commands are the files of core/fair/commands/ (one per command, named after it), read from the
// folder when the CLI loads: a new game's verifier is a file of its own, and this one does not change.
// (The only core file allowed to use node: built-ins, for argv, exit codes and the folder.)
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UsageError, type CommandArgs, type FairCommand, type FlagValues } from './commands/command.ts';

const COMMANDS_DIR = new URL('./commands/', import.meta.url);

async function loadCommands(): Promise<Map<string, FairCommand>> {
  const names = readdirSync(COMMANDS_DIR)
    .filter((file) => file.endsWith('.ts') && file !== 'command.ts')
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  const loaded = await Promise.all(names.map(async (name) => [name, ((await import(new URL(`${name}.ts`, COMMANDS_DIR).href)) as { command: FairCommand }).command] as const));
  return new Map(loaded);
}

const COMMANDS = await loadCommands();

const SEED_FLAGS = ['server-seed', 'client-seed', 'nonce'];
const FLAGS = [...new Set([...SEED_FLAGS, ...[...COMMANDS.values()].flatMap((c) => c.flags)])];
const options = { ...Object.fromEntries(FLAGS.map((flag) => [flag, { type: 'string' as const }])), help: { type: 'boolean' as const, short: 'h' } };

const section = (name: FairCommand['section']) =>
  [...COMMANDS.values()]
    .filter((c) => c.section === name)
    .map((c) => `  ${c.help}`)
    .join('\n');

export const HELP = `Verify an outcome: prints one JSON object.

Usage: npm run fair -- <game> [flags]

Games (seed pair: --server-seed S --client-seed C --nonce N):
${section('seed')}
Battles:
${section('seats')}
Round games (hash chain: --hash H --salt S):
${section('chain')}

Flags: ${FLAGS.map((f) => `--${f}`).join(' ')} --help`;

function commandArgs(values: FlagValues): CommandArgs {
  const need = (name: string) => {
    const v = values[name];
    if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
    return v;
  };
  const int = (name: string, min: number, fallback?: number) => {
    if (values[name] === undefined && fallback !== undefined) return fallback;
    const n = Number(need(name));
    if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  return { values, need, int, seeds: () => ({ serverSeed: need('server-seed'), clientSeed: need('client-seed'), nonce: int('nonce', 0) }) };
}

/** Computes the JSON answer for argv (without node and script); throws UsageError on bad input. */
export function run(argv: string[]): Record<string, unknown> | string {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const game = positionals[0];
  if (values.help || !game) return HELP;
  const command = COMMANDS.get(game);
  if (!command) throw new UsageError(`unknown game "${game}": see --help`);
  return command.run(commandArgs(values));
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
