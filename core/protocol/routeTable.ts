import type { LoadedRoute, Route, RouteSchemas } from './route.ts';
import * as account from './routes/account.ts';
import * as admin from './routes/admin.ts';
import * as battles from './routes/battles.ts';
import * as bonuses from './routes/bonuses.ts';
import * as vip from './routes/vip.ts';
import * as races from './routes/races.ts';
import * as missions from './routes/missions.ts';
import * as chat from './routes/chat.ts';
import * as profiles from './routes/profiles.ts';
import * as notifications from './routes/notifications.ts';
import * as push from './routes/push.ts';
import * as killSwitches from './routes/killSwitches.ts';
import * as kyc from './routes/kyc.ts';
import * as displayRates from './routes/displayRates.ts';
import * as transparency from './routes/transparency.ts';
import * as boxes from './routes/boxes.ts';
import * as games from './routes/games.ts';
import * as inventory from './routes/inventory.ts';
import * as limbo from './routes/limbo.ts';
import * as mines from './routes/mines.ts';
import * as payments from './routes/payments.ts';
import * as player from './routes/player.ts';
import * as rounds from './routes/rounds.ts';
import * as shell from './routes/shell.ts';
import * as accountContract from './routes/schemas/account.ts';
import * as adminContract from './routes/schemas/admin.ts';
import * as battlesContract from './routes/schemas/battles.ts';
import * as bonusesContract from './routes/schemas/bonuses.ts';
import * as vipContract from './routes/schemas/vip.ts';
import * as racesContract from './routes/schemas/races.ts';
import * as missionsContract from './routes/schemas/missions.ts';
import * as chatContract from './routes/schemas/chat.ts';
import * as profilesContract from './routes/schemas/profiles.ts';
import * as notificationsContract from './routes/schemas/notifications.ts';
import * as pushContract from './routes/schemas/push.ts';
import * as transparencyContract from './routes/schemas/transparency.ts';
import * as boxesContract from './routes/schemas/boxes.ts';
import * as gamesContract from './routes/schemas/games.ts';
import * as inventoryContract from './routes/schemas/inventory.ts';
import * as limboContract from './routes/schemas/limbo.ts';
import * as minesContract from './routes/schemas/mines.ts';
import * as paymentsContract from './routes/schemas/payments.ts';
import * as playerContract from './routes/schemas/player.ts';
import * as roundsContract from './routes/schemas/rounds.ts';
import * as shellContract from './routes/schemas/shell.ts';
import * as killSwitchesContract from './routes/schemas/killSwitches.ts';
import * as kycContract from './routes/schemas/kyc.ts';
import * as displayRatesContract from './routes/schemas/displayRates.ts';

// The route table: every area's addresses (core/protocol/routes/<area>.ts) joined with their
// contracts (core/protocol/routes/schemas/<area>.ts) under their names. For the server, the API docs
// and the tests; the browser never imports this file (tests/architecture/routeTable.test.ts): a page
// imports its area's addresses only, the console one area's contracts when it parses.
//
// Left out, because only third parties or links reach them, never our client's code: the payment
// gateways' callbacks (server/routes/api/payments.ts), the KYC provider's (server/routes/api/kycCallback.ts), the social sign-in's redirect and callbacks
// (server/routes/social.ts), the mailed links (email verification, email change confirmation), the
// generated SVG art (image addresses), the probes (/api/health, /api/ready) and the API docs.

const addresses = { ...account, ...admin, ...battles, ...bonuses, ...boxes, ...games, ...inventory, ...limbo, ...mines, ...payments, ...player, ...rounds, ...shell, ...transparency, ...vip, ...races, ...missions, ...chat, ...profiles, ...notifications, ...push, ...killSwitches, ...kyc, ...displayRates };
const contracts: Record<string, RouteSchemas> = { ...accountContract, ...adminContract, ...battlesContract, ...bonusesContract, ...boxesContract, ...gamesContract, ...inventoryContract, ...limboContract, ...minesContract, ...paymentsContract, ...playerContract, ...roundsContract, ...shellContract, ...transparencyContract, ...vipContract, ...racesContract, ...missionsContract, ...chatContract, ...profilesContract, ...notificationsContract, ...pushContract, ...killSwitchesContract, ...kycContract, ...displayRatesContract };

export type RouteTable = typeof addresses;
export type RouteName = keyof RouteTable;
export type LoadedTable = { [K in RouteName]: LoadedRoute<RouteTable[K]> };

/** Every route with its contract at hand. */
export const routes = Object.fromEntries(
  (Object.entries(addresses) as [RouteName, Route][]).map(([name, address]) => {
    const contract = contracts[name];
    if (!contract) throw new Error(`The route ${name} has no contract in core/protocol/routes/schemas/.`);
    return [name, { method: address.method, path: address.path, ...contract }];
  }),
) as LoadedTable;
