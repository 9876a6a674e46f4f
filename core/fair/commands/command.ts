// One command of the verifier CLI (core/fair/cli.ts): `npm run fair -- <name> [flags]`. Each file of
// this folder but this one is a command named after the file; the CLI finds them by reading the
// folder, so a new game's verifier is a file of its own and no list grows.

export class UsageError extends Error {}

export type FlagValues = Record<string, string | boolean | undefined>;

export interface CommandArgs {
  values: FlagValues;
  /** A required string flag. */
  need(name: string): string;
  /** An integer flag ≥ min (the fallback when it is absent and one is given). */
  int(name: string, min: number, fallback?: number): number;
  /** --server-seed, --client-seed and --nonce. */
  seeds(): { serverSeed: string; clientSeed: string; nonce: number };
}

export interface FairCommand {
  /** Which part of the help it is listed in: a seed-pair game, a game of seats (battles), a hash-chain round game. */
  section: 'seed' | 'seats' | 'chain';
  /** Its help lines, the first starting with its name. */
  help: string;
  /** The string flags it reads beyond the seed pair's. */
  flags: readonly string[];
  run(args: CommandArgs): Record<string, unknown>;
}
