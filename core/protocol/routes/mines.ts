import { route } from '../route.ts';
import type * as contract from './schemas/mines.ts';

// Mines' routes (docs/mines.md): start a board, reveal a tile, cash out, the open board after a
// reload, and the histories of ended boards. Each entry: method and path, typed by its contract in ./schemas/mines.ts (core/protocol/route.ts).

export const minesBet = route<typeof contract.minesBet>()('POST', '/api/mines/bet');
export const minesReveal = route<typeof contract.minesReveal>()('POST', '/api/mines/reveal');
export const minesCashout = route<typeof contract.minesCashout>()('POST', '/api/mines/cashout');
export const minesCurrent = route<typeof contract.minesCurrent>()('GET', '/api/mines/current');
export const minesHistory = route<typeof contract.minesHistory>()('GET', '/api/mines/history');
