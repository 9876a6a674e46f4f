import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createServices, type OpsServices, type Services } from '../services.ts';
import { openOrExplain } from '../db/embeddedLock.ts';
import type { CodeKind } from '../promo/giftCodes.ts';
import { coinsToCents } from '../../core/money/cents.ts';
import { withdrawalsCommand } from '../shipping/withdrawalsCommand.ts';
import { trackingReportCommand } from '../tracking/trackingReportCommand.ts';
import { supportCommand } from '../support/supportCommand.ts';
import { staffCommand } from '../admin/staffCommand.ts';
import { playersCommand } from '../players/playersCommand.ts';
import { codesCommand } from '../promo/codesCommand.ts';
import { mintGiftCodes } from '../promo/codesConsole.ts';
import { OPS_ACTOR } from '../admin/audit.ts';
import { catalogCommand } from '../boxes/catalogCommand.ts';
import { settingsCommand } from '../gameSettings/settingsCommand.ts';
import { killSwitchCommand } from '../killSwitches/killSwitchCommand.ts';
import { reportCommand } from '../reports/reportCommand.ts';
import { backupCommand, restoreCommand, type DatabaseCommand } from './backup/backupCommands.ts';

// Operator commands: `npm run ops -- <command> [--options]`. Each command is one entry of
// `commands`; later areas add theirs there. Commands run on the services the server runs on
// (createServices: the configured database, migrated first; the wallet on the server's bus, Redis
// with REDIS_URL, so a credit reaches the player's open page) and print their result on stdout. The embedded database is refused while the
// server runs on it (one process at a time, server/db/embeddedLock.ts); PostgreSQL is shared.

export interface OpsCommand {
  summary: string;
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>;
  /** Words after the command name (`support reply --id 3`), for commands with sub-actions. */
  positionals?: boolean;
  run(services: OpsServices, values: Record<string, string | boolean | undefined>, positionals?: string[]): Promise<void>;
}

function mint(kind: CodeKind): OpsCommand {
  return {
    summary: `mint ${kind === 'gift' ? 'gift codes' : 'vouchers'}: --value <coins> --count <n>`,
    options: { value: { type: 'string' }, count: { type: 'string' } },
    async run({ db }, values) {
      const cents = coinsToCents(Number(values.value));
      const count = Number(values.count ?? 1);
      if (cents === null || cents <= 0) throw new Error('--value must be a positive amount of coins (at most 2 decimals)');
      if (!Number.isSafeInteger(count) || count < 1 || count > 10_000) throw new Error('--count must be between 1 and 10000');
      // Audited as the ops command, like the console's mint (codesConsole.ts).
      for (const code of await mintGiftCodes(db, OPS_ACTOR, { kind, valueCents: cents, count, expiresAt: null })) process.stdout.write(`${code}\n`);
    },
  };
}

export const commands: Record<string, OpsCommand> = {
  'mint-gift-codes': mint('gift'),
  'mint-vouchers': mint('voucher'),
  withdrawals: withdrawalsCommand,
  'tracking-report': trackingReportCommand,
  support: supportCommand,
  staff: staffCommand,
  players: playersCommand,
  codes: codesCommand,
  catalog: catalogCommand,
  settings: settingsCommand,
  'kill-switch': killSwitchCommand,
  report: reportCommand,
};

/** Commands on the configured database itself, without the services (which migrate it first). */
export const databaseCommands: Record<string, DatabaseCommand> = { backup: backupCommand, restore: restoreCommand };

function usage(): string {
  return ['usage: npm run ops -- <command> [options]', '', ...Object.entries({ ...commands, ...databaseCommands }).map(([name, c]) => `  ${name.padEnd(18)} ${c.summary}`)].join('\n');
}

async function runDatabaseCommand(command: DatabaseCommand, rest: string[], env: Record<string, string | undefined>): Promise<number> {
  const { values } = parseArgs({ args: rest, options: command.options, strict: true });
  try {
    await command.run(loadConfig(env), values);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

export async function runOps(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const [name, ...rest] = argv;
  const databaseCommand = name ? databaseCommands[name] : undefined;
  if (databaseCommand) return runDatabaseCommand(databaseCommand, rest, env);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`${name ? `unknown command: ${name}\n` : ''}${usage()}\n`);
    return 2;
  }
  const { values, positionals } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: command.positionals ?? false });
  const config = loadConfig(env);
  // The running server holds the embedded database (server/db/embeddedLock.ts): one line, not a stack.
  const database = await openOrExplain(() => openDatabase(config.database));
  if (!database) return 1;
  let services: Services | undefined;
  try {
    services = await createServices(config, { database });
    await command.run(services, values, positionals);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    // The services close the database they were handed (createServices closes it itself when it fails).
    await services?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runOps(process.argv.slice(2));
}
