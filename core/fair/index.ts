// Provably fair: one implementation for the server, the fairness pages and the verifier CLI.
// Algorithms and worked examples: docs/fairness.md.
export { sha256, sha256Hex, hmacSha256, hmacSha256Keyed, toHex, fromHex, utf8 } from './sha256.ts';
export { seedBytes, floats, bytesToFloat, type SeedPairInput } from './seedPair.ts';
export {
  diceRoll,
  plinkoPath,
  ticket,
  ticketFromFloat,
  ticketRanges,
  pickByTicket,
  wheelSegment,
  TICKETS,
  PLINKO_MIN_ROWS,
  PLINKO_MAX_ROWS,
  type TicketRange,
} from './outcomes.ts';
export { limboResult, limboHundredthsOf, LIMBO_MAX_RESULT_HUNDREDTHS } from './limbo.ts';
export { battlePublicSeed, battleRolls, battleSplitOrder, battleTieBreak, shuffleSeats } from './battle.ts';
export { nextChainHash, generateChain, verifyChain, gameFloat, crashPoint, wheelResult } from './hashChain.ts';
export { minesBoard, minesTileOrder, MINES_TILES } from './mines.ts';
