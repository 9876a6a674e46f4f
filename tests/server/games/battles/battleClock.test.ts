import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BusMessage } from '../../../../server/realtime/bus.ts';
import { createPlayer, buildTestApp } from '../../../helpers/testApp.ts';
import { testConfig } from '../../../helpers/testConfig.ts';
import { manualClock } from '../../../helpers/manualClock.ts';
import { seedCatalog } from '../../../helpers/boxes.ts';
import { detailOf, FAST_BATTLES, shopBoxes, waitForStatus } from '../../../helpers/battles.ts';
import { until } from '../../../helpers/until.ts';

// The battle loop runs on the app's clock (app.clock), as the round games do: with a clock the test
// holds, the rounds wait however long real time goes on, and move when the test moves the clock.
describe('battle rounds on the app clock', () => {
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;
  const events: BusMessage[] = [];
  beforeAll(async () => {
    clock = manualClock(Date.now());
    app = await buildTestApp(testConfig(FAST_BATTLES), { seed: false, clock });
    await seedCatalog(app);
    app.bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await app.close();
  });

  it('a running battle waits for the clock, then plays out when the clock passes its rounds', async () => {
    const [a] = await shopBoxes(app, 1);
    const p = await createPlayer(app, { balance: a!.price });
    const id = (await app.inject({ method: 'POST', url: '/api/battles/create', headers: p.headers, payload: { boxes: [{ slug: a!.slug, quantity: 1 }], mode: '1v1' } })).json().data.id as number;
    await app.inject({ method: 'POST', url: `/api/battles/${id}/add-bots`, headers: p.headers, payload: { bots: 1 } });
    // 100 ms of the clock into its round (the spin lasts 200): the round has started, not ended, and
    // stays so however long real time goes on, until the clock moves again.
    const started = clock.now() + 100;
    clock.set(started);
    const ofBattle = () => events.filter((e) => e.channel === `battle-${id}` && e.event.startsWith('battleRound'));
    await until(() => ofBattle().length > 0);
    expect(ofBattle().map((e) => [e.event, (e.data as { server_time: number }).server_time])).toEqual([['battleRoundStarted', started]]);
    expect((await detailOf(app, id)).status).toBe('running');
    expect(ofBattle()).toHaveLength(1);

    const at = clock.now() + 60_000;
    clock.set(at);
    const d = await waitForStatus(app, id, 'ended', 5000);
    expect(d.rounds).toHaveLength(1);
    const mine = events.filter((e) => e.channel === `battle-${id}`);
    expect(mine.map((e) => e.event).slice(-2)).toEqual(['battleRoundEnded', 'battleEnded']);
    for (const e of mine.slice(-2, -1)) expect((e.data as { server_time: number }).server_time).toBe(at);
  });
});
