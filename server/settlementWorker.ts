import { settlements } from './settlementList.ts';
import { runSettlementThread } from './wallet/settlementThreadLoop.ts';

// The settlement thread's entry (server/wallet/settlementThread.ts starts it on PostgreSQL): the
// settlements it may run, from the list the wallet registers, so that the wallet imports no domain.
runSettlementThread(settlements);
