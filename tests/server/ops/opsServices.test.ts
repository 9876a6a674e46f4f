import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { userChannel, type BusMessage } from '../../../server/realtime/bus.ts';
import { commands, runOps } from '../../../server/ops/cli.ts';
import { createPlayer, hasPostgres, hasRedis } from '../../helpers/testApp.ts';
import { createTestServices, type TestServices } from '../../helpers/testServices.ts';
import { createScratchDatabase } from '../../helpers/scratchDatabase.ts';
import { captureStdout } from '../../helpers/stdout.ts';
import { expectLedgerBalanced } from '../../helpers/ledger.ts';

// `npm run ops` runs on the services the server runs on (server/services.ts): an operator's credit
// is announced on the same bus as a bet's, so a player's open page hears it — over Redis when the
// server and the command are two processes.

/** The first message on the player's private channel, or a timeout that names what was heard instead. */
function nextBalanceOf(services: Pick<TestServices, 'bus'>, userId: number, withinMs = 5_000): Promise<BusMessage> {
  const heard: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`nothing on ${userChannel(userId)} within ${withinMs} ms; heard: ${heard.join(', ') || 'nothing'}`));
    }, withinMs);
    const stop = services.bus.subscribe((message) => {
      heard.push(`${message.channel}/${message.event}`);
      if (message.channel !== userChannel(userId)) return;
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

const adjust = (id: number, amount: string) => ({ id: String(id), direction: 'credit', amount, reason: 'Promised on the phone' });

describe('ops commands on the shared services', () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices();
  });
  afterAll(async () => services?.close());

  it('a credit by the players command is announced on the services’ bus, on the player’s channel', async () => {
    const player = await createPlayer(services, { balance: 100 });
    const heard = nextBalanceOf(services, player.id);
    const out = await captureStdout(() => commands.players!.run(services, adjust(player.id, '2.50'), ['adjust']));
    expect(out).toContain('balance 3.50');
    expect((await heard).data).toMatchObject({ type: 'balanceUpdated', current_balance: 3.5 });
    await expectLedgerBalanced(services);
  });
});

describe.runIf(hasPostgres && hasRedis)('npm run ops beside a running node (PostgreSQL, Redis)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  /** The running node's side: its services on the shared database and Redis. */
  let node: TestServices;
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `test-${randomUUID()}:` };
  beforeAll(async () => {
    database = await createScratchDatabase('shop_opsbus');
    const handle = await openDatabase({ kind: 'postgres', url: database.url.toString(), poolSize: 2 });
    node = await createTestServices(env, undefined, { database: handle });
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    await database?.drop();
  });

  it('an ops credit, made in its own process’s services, reaches the node’s subscriber of the player’s channel over Redis', async () => {
    const player = await createPlayer(node, { balance: 100 });
    const heard = nextBalanceOf(node, player.id);
    const argv = ['players', 'adjust', '--id', String(player.id), '--direction', 'credit', '--amount', '2.50', '--reason', 'Promised on the phone'];
    let code = -1;
    const out = await captureStdout(async () => (code = await runOps(argv, { ...env, DATABASE_URL: database.url.toString() })));
    expect(code).toBe(0);
    expect(out).toContain('balance 3.50');
    expect((await heard).data).toMatchObject({ type: 'balanceUpdated', current_balance: 3.5 });
    await expectLedgerBalanced(node);
  });
});
