import { route } from '../route.ts';
import type * as contract from './schemas/battles.ts';

// Box battles: the list, the bots, one battle and its actions.
// Each entry: method and path, typed by its contract in ./schemas/battles.ts (core/protocol/route.ts).

export const battles = route<typeof contract.battles>()('GET', '/api/battles');
export const battleBots = route<typeof contract.battleBots>()('GET', '/api/battles/bots');
export const battle = route<typeof contract.battle>()('GET', '/api/battles/:id');
export const battleCreate = route<typeof contract.battleCreate>()('POST', '/api/battles/create');
export const battleJoin = route<typeof contract.battleJoin>()('POST', '/api/battles/:id/join');
export const battleAddBots = route<typeof contract.battleAddBots>()('POST', '/api/battles/:id/add-bots');
export const battleCancel = route<typeof contract.battleCancel>()('POST', '/api/battles/:id/cancel');
