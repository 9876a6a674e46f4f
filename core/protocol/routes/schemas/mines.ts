import type { RouteSchemas } from '../../route.ts';
import * as minesProtocol from '../../mines.ts';
import * as gamesProtocol from '../../games.ts';

// The contracts of core/protocol/routes/mines.ts's routes, under the same names. Only the server,
// the tests and the console load this module.

export const minesBet = { body: minesProtocol.MinesBetSchema, answer: minesProtocol.MinesBoardAnswerSchema } satisfies RouteSchemas;
export const minesReveal = { body: minesProtocol.MinesRevealSchema, answer: minesProtocol.MinesBoardAnswerSchema } satisfies RouteSchemas;
export const minesCashout = { answer: minesProtocol.MinesBoardAnswerSchema } satisfies RouteSchemas;
export const minesCurrent = { answer: minesProtocol.MinesCurrentAnswerSchema } satisfies RouteSchemas;
export const minesHistory = gamesProtocol.GameHistoryContract;
