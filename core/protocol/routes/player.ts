import { route } from '../route.ts';
import type * as contract from './schemas/player.ts';

// The signed-in player's own pages: bet and ledger history, cashback, seeds and chains, responsible gaming, support.
// Each entry: method and path, typed by its contract in ./schemas/player.ts (core/protocol/route.ts).

export const cashbackClaim = route<typeof contract.cashbackClaim>()('POST', '/api/cashback/claim');
export const fairSeeds = route<typeof contract.fairSeeds>()('GET', '/api/fair/seeds');
export const fairClientSeed = route<typeof contract.fairClientSeed>()('POST', '/api/fair/seeds/client');
export const fairRotate = route<typeof contract.fairRotate>()('POST', '/api/fair/seeds/rotate');
export const fairSeedHistory = route<typeof contract.fairSeedHistory>()('GET', '/api/fair/seeds/history');
export const fairChains = route<typeof contract.fairChains>()('GET', '/api/fair/chains');
export const betHistory = route<typeof contract.betHistory>()('GET', '/api/profile/bets');
export const betHistoryCsv = route<typeof contract.betHistoryCsv>()('GET', '/api/profile/bets/export.csv');
export const ledgerHistory = route<typeof contract.ledgerHistory>()('GET', '/api/profile/ledger');
export const ledgerHistoryCsv = route<typeof contract.ledgerHistoryCsv>()('GET', '/api/profile/ledger/export.csv');
export const responsibleState = route<typeof contract.responsibleState>()('GET', '/api/profile/responsible-gaming');
export const responsibleLimits = route<typeof contract.responsibleLimits>()('PUT', '/api/profile/responsible-gaming/limits');
export const responsibleExclusion = route<typeof contract.responsibleExclusion>()('POST', '/api/profile/responsible-gaming/exclusion');
export const responsibleRealityCheck = route<typeof contract.responsibleRealityCheck>()('PUT', '/api/profile/responsible-gaming/reality-check');
export const playSession = route<typeof contract.playSession>()('GET', '/api/profile/play-session');
export const supportTickets = route<typeof contract.supportTickets>()('GET', '/api/support/tickets');
export const supportTicketCreate = route<typeof contract.supportTicketCreate>()('POST', '/api/support/tickets');
export const supportTicket = route<typeof contract.supportTicket>()('GET', '/api/support/tickets/:id');
export const supportMessageSend = route<typeof contract.supportMessageSend>()('POST', '/api/support/tickets/:id/messages');
