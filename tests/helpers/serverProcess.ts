import { spawn, type ChildProcess } from 'node:child_process';
import type { Services } from '../../server/services.ts';
import { createUser } from '../../server/accounts/users.ts';
import { issueAccessToken } from '../../server/accounts/tokens.ts';
import { freePort } from './ports.ts';

// Real `node server/main.ts` processes for the suites that kill them (SIGKILL) and start them
// again: started on a free port with the given environment, ready once /api/ready answers.

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** Resolves with the signal that ended the process (null for a plain exit). */
  exited: Promise<NodeJS.Signals | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The environment of a server process a suite starts: the shell's as deployed (Vitest sets
 * NODE_ENV=test in its own process; removed here) with short hash chains: the deployed default of
 * 10M hashes per round game costs each process a minute of CPU in the background (the crash and wheel
 * chains at start), and no suite tests the chain's length. `env` wins over both.
 */
export function serverProcessEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _unset, ...shellEnv } = process.env;
  return { ...shellEnv, FAIR_CHAIN_LENGTH: '20000', ...env };
}

/** `entry` is the script the process runs: the server itself, or scripts/start.ts (`npm start`, scripts/freshStart.ts). */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 60_000, entry = 'server/main.ts'): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: serverProcessEnv({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const node = { port, child, output: () => output, exited };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`);
    if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false)) return node;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within ${readyWithinMs} ms:\n${output}`);
}

/** Ends the process at once (SIGKILL), as a power cut would; resolves once it is gone. */
export async function killServerProcess(node: ServerProcess): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
  await node.exited;
}

/** A player made straight in the database through the test's services (createTestServices on the servers' database), with a balance (cents) and a bearer token for the servers. */
export async function fundedPlayer({ db, wallet }: Pick<Services, 'db' | 'wallet'>, balance: number, clientId = '2') {
  const tag = Math.random().toString(36).slice(2, 10);
  const id = await createUser(db, wallet, { name: `P${tag}`, email: `process-${tag}@example.com`, passwordHash: null, verified: true });
  if (balance > 0) await wallet.transaction((tx) => tx.credit({ userId: id, amount: balance, reason: 'test_grant' }));
  const { token } = await issueAccessToken(db, id, clientId, 3600);
  return { id, token };
}
