import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedisBus } from '../../../server/realtime/redisBus.ts';
import { createLocalBus } from '../../../server/realtime/bus.ts';
import { hasRedis } from '../../helpers/testApp.ts';
import { until } from '../../helpers/until.ts';

// The bus's lag for the metrics (docs/operations.md): a node's ping through Redis comes back on its
// own subscriber and is timed by its own clock; the bus of one process has no lag to report.

describe('the bus lag', () => {
  it('is not reported by the bus of one process', () => {
    expect(createLocalBus().lagSeconds).toBeUndefined();
  });

  it.runIf(hasRedis)('is the round trip of a ping through Redis, and the bus still delivers each message once', async () => {
    const channel = `test-${randomUUID()}:bus`;
    const bus = await createRedisBus(process.env.TEST_REDIS_URL!, { channel, pingChannel: `${channel}-ping` });
    const other = await createRedisBus(process.env.TEST_REDIS_URL!, { channel, pingChannel: `${channel}-ping` });
    try {
      await until(() => bus.lagSeconds!() > 0);
      expect(bus.lagSeconds!()).toBeLessThan(1);
      const heard: unknown[] = [];
      other.subscribe((message) => heard.push(message.data));
      bus.publish({ channel: 'drops', event: 'x', data: 1 });
      await until(() => heard.length > 0);
      expect(heard).toEqual([1]);
    } finally {
      await Promise.all([bus.close(), other.close()]);
    }
  });
});
