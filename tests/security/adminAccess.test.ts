import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlayer, createTestApp } from '../helpers/testApp.ts';
import { createStaff } from '../helpers/staff.ts';
import { fillPath, openApiRoutes, type OpenApiDocument } from './openApiRoutes.ts';

// Every operator console route, as the OpenAPI document lists them: no token gets 401, a player's
// token 403, staff without a signed-in second factor 403, and none of them changes anything (the
// audit log stays empty). A new console route is covered the moment it is registered.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

describe('the console refuses everyone but staff', () => {
  it('walks every /api/admin route', async () => {
    const routes = openApiRoutes(app.swagger() as unknown as OpenApiDocument).filter((r) => r.path.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThan(2);
    const player = await createPlayer(app, { balance: 100_00 });
    const noCode = await createStaff(app, 'admin', { secondFactor: false });
    const before = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const route of routes) {
      const url = fillPath(route.path, Object.fromEntries(route.pathParams.map((p) => [p, '1'])));
      const ask = (headers: Record<string, string>) => app.inject({ method: route.method as 'GET', url, headers, ...(route.method === 'GET' ? {} : { payload: {} }) });
      expect([route.method, route.path, (await ask({})).statusCode]).toEqual([route.method, route.path, 401]);
      expect([route.method, route.path, (await ask(player.headers)).statusCode]).toEqual([route.method, route.path, 403]);
      expect([route.method, route.path, (await ask(noCode.headers)).statusCode]).toEqual([route.method, route.path, 403]);
    }
    const after = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await app.wallet.balance(player.id)).toBe(100_00);
  });
});
