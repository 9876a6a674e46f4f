import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../helpers/testApp.ts';
import { SETTING_GAMES } from '../../../core/games/gameSettings.ts';
import type { OpenApiDocument } from '../../security/openApiRoutes.ts';
import { KILL_SWITCHES, depositSwitch, type KillSwitchKey } from '../../../core/protocol/killSwitches.ts';
import { GAME_IDS } from '../../../core/games/catalog.ts';

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

/** Every way to start each game or feature (docs/operator-console.md, "Kill switches"), with its switch. */
const KILL_SWITCH_ROUTES: Record<string, KillSwitchKey> = {
  'POST /api/boxes/:slug/open': 'box',
  'POST /api/boxes/:slug/demo': 'box',
  'POST /api/free-boxes/:slug/open': 'box',
  'POST /api/free-boxes/bonus/:id/open': 'box',
  'POST /api/user-boxes/:slug/open': 'box',
  'POST /api/user-boxes/:slug/demo': 'box',
  'POST /api/battles/create': 'battle',
  'POST /api/battles/:id/join': 'battle',
  'POST /api/battles/:id/add-bots': 'battle',
  'POST /api/upgrade': 'upgrade',
  'POST /api/crash/bet': 'crash',
  'POST /api/wheel/bet': 'wheel',
  'POST /api/plinko/bet': 'plinko',
  'POST /api/dice/bet': 'dice',
  'POST /api/limbo/bet': 'limbo',
  'POST /api/mines/bet': 'mines',
  'POST /api/chat/:room/messages': 'chat',
  'POST /api/chat-rain/join': 'rain',
  'POST /api/chat-rain/tip': 'rain',
  'POST /api/chat/tips': 'tips',
  'POST /api/deposit/zen/redirect': depositSwitch('card'),
  'POST /api/deposit/alphapo/deposit-address': depositSwitch('crypto'),
  'POST /api/deposit/gift-code/redeem': depositSwitch('gift_code'),
  'POST /api/deposit/voucher/redeem': depositSwitch('voucher'),
  'POST /api/deposit/skinsback/redirect': depositSwitch('skins'),
  'POST /api/profile/withdrawals': 'withdrawals',
  'POST /api/profile/inventory/:id/redeem': 'withdrawals',
  'POST /api/auth/register': 'sign_ups',
};

/**
 * The routes under a game's own paths that stay open while it is switched off, each with why: they
 * finish or give back what started before the switch, or only read (docs/operator-console.md).
 */
const OPEN_WHILE_OFF = new Set([
  'POST /api/crash/close-bet', // a crash bet in flight still cashes out
  'POST /api/wheel/bet/:id/cancel', // gives the stake back
  'POST /api/mines/reveal', // an open board is played to its end
  'POST /api/mines/cashout',
  'POST /api/battles/:id/cancel', // gives the stakes back
]);

/** Where each game's routes live (its own API paths). */
const GAME_PATHS: Record<string, RegExp> = { box: /^\/api\/(boxes|free-boxes|user-boxes)\//, battle: /^\/api\/battles\//, upgrade: /^\/api\/upgrade$/ };
const gamePaths = (game: string) => GAME_PATHS[game] ?? new RegExp(`^/api/${game}/`);

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

  it('every route that starts a game or feature declares its kill switch, and every switch closes a route', () => {
    const declared = Object.fromEntries(app.declaredChecks.filter((r) => r.killSwitch !== null).map((r) => [key(r), r.killSwitch]));
    expect(declared).toEqual(KILL_SWITCH_ROUTES);
    // Social sign-ups are the one start without a route of their own (userForSocialProfile checks it).
    expect(new Set(Object.values(KILL_SWITCH_ROUTES))).toEqual(new Set(KILL_SWITCHES));
  });

  it('every state-changing route under a game’s own paths declares that game’s switch, unless it only finishes what started', () => {
    const writes = app.registeredRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    for (const game of GAME_IDS) {
      const own = writes.filter((r) => gamePaths(game).test(r.url)).map(key);
      expect(own.length, game).toBeGreaterThan(0);
      for (const route of own) {
        if (OPEN_WHILE_OFF.has(route)) continue;
        expect(KILL_SWITCH_ROUTES[route], route).toBe(game);
      }
    }
  });
});
