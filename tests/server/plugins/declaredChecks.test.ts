import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { SETTING_GAMES } from '../../../core/games/gameSettings.ts';
import type { OpenApiDocument } from '../../security/openApiRoutes.ts';

// The checks a route declares instead of calling by hand (server/plugins/declaredChecks.ts): the
// declarations are held here against what the product requires, so a route that should ask for
// the second factor, or hold a stake to the game settings, and does not declare it fails this file
// (the behaviour of each check is in its area's tests: accountSecurity.test.ts, gameSettings.test.ts).

/** The actions docs/account-safety.md protects with the second factor. */
const SECOND_FACTOR_ROUTES = [
  'POST /api/chat-rain/tip',
  'POST /api/chat/tips',
  'POST /api/deposit/gift-code/redeem',
  'POST /api/deposit/voucher/redeem',
  'POST /api/profile/email',
  'POST /api/profile/inventory/:id/redeem',
  'POST /api/profile/password',
  'POST /api/profile/shipping-address',
  'POST /api/profile/withdrawals',
];

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('declared route checks', () => {
  it('the second factor is declared by exactly the protected actions, and by every route whose body takes two_factor_code', () => {
    const declared = app.declaredChecks.filter((r) => r.secondFactor).map(key).sort();
    expect(declared).toEqual(SECOND_FACTOR_ROUTES);
    // A new route that accepts the code (by its OpenAPI body) but does not declare the check would never ask for it.
    const doc = app.swagger() as unknown as OpenApiDocument & { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const takingCode = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => JSON.stringify(operation.requestBody ?? {}).includes('"two_factor_code"'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([A-Za-z_]+)\}/g, ':$1')}`),
    );
    expect(takingCode.sort()).toEqual(SECOND_FACTOR_ROUTES);
  });

  it('every game with settings holds its bet route’s stake to them, and no other route declares a stake', () => {
    const declared = app.declaredChecks.filter((r) => r.stake !== null).map((r) => `${key(r)} ${r.stake}`);
    expect(declared.sort()).toEqual(SETTING_GAMES.map((game) => `POST /api/${game}/bet ${game}`).sort());
    const registered = new Set(app.registeredRoutes.map(key));
    for (const game of SETTING_GAMES) expect(registered.has(`POST /api/${game}/bet`), game).toBe(true);
  });
});
