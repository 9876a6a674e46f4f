import type { LoadedRoute, Route } from './route.ts';
import * as account from './routes/account.ts';
import * as admin from './routes/admin.ts';
import * as battles from './routes/battles.ts';
import * as boxes from './routes/boxes.ts';
import * as games from './routes/games.ts';
import * as inventory from './routes/inventory.ts';
import * as payments from './routes/payments.ts';
import * as player from './routes/player.ts';
import * as rounds from './routes/rounds.ts';

// The route table: every area's entries (core/protocol/routes/<area>.ts) joined under their names,
// with their schemas loaded. For the server, the API docs and the tests; the browser never imports
// this file (a page imports only its area's entries, tests/architecture/routeTable.test.ts).
//
// Left out, because only third parties or links reach them, never our client's code: the payment
// gateways' callbacks (server/routes/api/payments.ts), the social sign-in's redirect and callbacks
// (server/routes/social.ts), the mailed links (email verification, email change confirmation), the
// generated SVG art (image addresses), the probes (/api/health, /api/ready) and the API docs.

export const routeEntries = { ...account, ...admin, ...battles, ...boxes, ...games, ...inventory, ...payments, ...player, ...rounds };

export type RouteTable = typeof routeEntries;
export type RouteName = keyof RouteTable;
export type LoadedTable = { [K in RouteName]: LoadedRoute<RouteTable[K]> };

/** Every entry with its schemas at hand. */
export async function loadRouteTable(): Promise<LoadedTable> {
  const names = Object.keys(routeEntries) as RouteName[];
  const loaded = await Promise.all(names.map(async (name) => {
    const entry: Route = routeEntries[name];
    return [name, { method: entry.method, path: entry.path, ...(await entry.schemas()) }] as const;
  }));
  return Object.fromEntries(loaded) as LoadedTable;
}

export const routes = await loadRouteTable();
