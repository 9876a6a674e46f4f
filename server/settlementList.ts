import { instantBetSettlement } from './games/bets.ts';
import { openingSettlement } from './boxes/openingEffects.ts';
import { roundCashOutSettlement } from './games/crash/crashCashOut.ts';
import type { AnySettlementEffects } from './wallet/settlements.ts';

// The domains' one-statement settlements, each built in its domain (server/wallet/settlements.ts):
// the wallet registers them (server/services.ts) and the settlement thread runs the batched ones
// (server/settlementWorker.ts), both from this one list.
export const settlements: readonly AnySettlementEffects[] = [instantBetSettlement, openingSettlement, roundCashOutSettlement];
