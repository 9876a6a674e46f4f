import { route } from '../route.ts';
import type * as contract from './schemas/limbo.ts';

// Limbo's routes (docs/limbo.md): the bet and the game's histories. Each entry: method and path,
// typed by its contract in ./schemas/limbo.ts (core/protocol/route.ts).

export const limboBet = route<typeof contract.limboBet>()('POST', '/api/limbo/bet');
export const limboHistory = route<typeof contract.limboHistory>()('GET', '/api/limbo/history');
