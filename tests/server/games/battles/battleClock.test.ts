import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage } from '../../../../server/realtime/bus.ts';
import { createBattles } from '../../../../server/games/battles/battles.ts';
import { runBattleRounds } from '../../../../server/games/battles/battleRounds.ts';
import { battleDetail, loadBattle } from '../../../../server/games/battles/battleViews.ts';
import { createSingleNodeLeader } from '../../../../server/realtime/leaderLock.ts';
import { createPlayer } from '../../../helpers/testApp.ts';
import { createTestServices, type TestServices } from '../../../helpers/testServices.ts';
import { manualClock } from '../../../helpers/manualClock.ts';
import { seedCatalog } from '../../../helpers/boxes.ts';
import { expectLedgerBalanced } from '../../../helpers/ledger.ts';
import { FAST_BATTLES, shopBoxes } from '../../../helpers/battles.ts';
import { until } from '../../../helpers/until.ts';

// The battle loop runs on the clock it is handed, as the round games do: with a clock the test
// holds, the rounds wait however long real time goes on, and move when the test moves the clock.
// Battles and their loop are built from a database, wallet and bus alone, with no app and no HTTP
// server; the loop runs under a single node's leadership, as it does in the embedded default.
describe('battle rounds on the clock they are handed', () => {
  let services: TestServices;
  let clock: ReturnType<typeof manualClock>;
  let battles: ReturnType<typeof createBattles>;
  let stopRounds: () => Promise<void>;
  const leader = createSingleNodeLeader();
  const events: BusMessage[] = [];
  beforeAll(async () => {
    clock = manualClock(Date.now());
    services = await createTestServices(FAST_BATTLES);
    await seedCatalog(services);
    const deps = { ...services, clock };
    battles = createBattles(deps, services.config.battles);
    stopRounds = runBattleRounds({ ...deps, leader }, services.config.battles.tickMs);
    services.bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await stopRounds?.();
    await leader.close();
    await services?.close();
  });

  const detailOf = async (id: number) => battleDetail(services.db, (await loadBattle(services.db, id))!, clock.now());

  it('a running battle waits for the clock, then plays out when the clock passes its rounds', async () => {
    const [a] = await shopBoxes(services, 1);
    const p = await createPlayer(services, { balance: a!.price });
    const { id } = await battles.create(p.id, { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1', crazy: false, private: false });
    await battles.addBots(p.id, id, 1);
    // 100 ms of the clock into its round (the spin lasts 200): the round has started, not ended, and
    // stays so however long real time goes on, until the clock moves again.
    const started = clock.now() + 100;
    clock.set(started);
    const ofBattle = () => events.filter((e) => e.channel === `battle-${id}` && e.event.startsWith('battleRound'));
    await until(() => ofBattle().length > 0);
    expect(ofBattle().map((e) => [e.event, (e.data as { server_time: number }).server_time])).toEqual([['battleRoundStarted', started]]);
    expect((await detailOf(id)).status).toBe('running');
    expect(ofBattle()).toHaveLength(1);

    const at = clock.now() + 60_000;
    clock.set(at);
    const mine = () => events.filter((e) => e.channel === `battle-${id}`).map((e) => e.event);
    await until(() => mine().includes('battleEnded'));
    const d = await detailOf(id);
    expect(d.status).toBe('ended');
    expect(d.rounds).toHaveLength(1);
    expect(mine().slice(-2)).toEqual(['battleRoundEnded', 'battleEnded']);
    const roundEnded = events.find((e) => e.channel === `battle-${id}` && e.event === 'battleRoundEnded')!;
    expect((roundEnded.data as { server_time: number }).server_time).toBe(at);
    await expectLedgerBalanced(services);
  });
});
