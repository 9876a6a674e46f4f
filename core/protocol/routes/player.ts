import { route } from '../route.ts';

// The signed-in player's own pages: bet and ledger history, cashback, seeds and chains, responsible gaming, support.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../errorSchemas.ts'), import('../fair.ts'), import('../history.ts'), import('../pathParams.ts'), import('../responsible.ts'), import('../rewards.ts'), import('../support.ts')]).then(([errorSchemas, fair, history, pathParams, responsible, rewards, support]) => ({ errorSchemas, fair, history, pathParams, responsible, rewards, support }));

export const cashback = route('GET', '/api/cashback', load, (m) => ({ answer: m.rewards.CashbackAnswerSchema, others: { 401: m.errorSchemas.MessageAnswerSchema } }));
export const cashbackClaim = route('POST', '/api/cashback/claim', load, (m) => ({ answer: m.rewards.CashbackClaimAnswerSchema, others: { 401: m.errorSchemas.MessageAnswerSchema } }));
export const fairSeeds = route('GET', '/api/fair/seeds', load, (m) => ({ answer: m.fair.SeedStateAnswerSchema }));
export const fairClientSeed = route('POST', '/api/fair/seeds/client', load, (m) => ({ body: m.fair.ClientSeedSchema, answer: m.fair.SeedStateAnswerSchema }));
export const fairRotate = route('POST', '/api/fair/seeds/rotate', load, (m) => ({ answer: m.fair.SeedRotationAnswerSchema }));
export const fairSeedHistory = route('GET', '/api/fair/seeds/history', load, (m) => ({ query: m.fair.SeedHistoryQuerySchema, answer: m.fair.SeedHistoryPageSchema }));
export const fairChains = route('GET', '/api/fair/chains', load, (m) => ({ answer: m.fair.PublishedChainsAnswerSchema }));
export const betHistory = route('GET', '/api/profile/bets', load, (m) => ({ query: m.history.BetHistoryQuerySchema, answer: m.history.BetHistoryPageSchema }));
export const betHistoryCsv = route('GET', '/api/profile/bets/export.csv', load, (m) => ({ query: m.history.BetHistoryQuerySchema, answer: m.history.HistoryCsvAnswer }));
export const ledgerHistory = route('GET', '/api/profile/ledger', load, (m) => ({ query: m.history.LedgerHistoryQuerySchema, answer: m.history.LedgerPageSchema }));
export const ledgerHistoryCsv = route('GET', '/api/profile/ledger/export.csv', load, (m) => ({ query: m.history.LedgerHistoryQuerySchema, answer: m.history.HistoryCsvAnswer }));
export const responsibleState = route('GET', '/api/profile/responsible-gaming', load, (m) => ({ answer: m.responsible.ResponsibleStateSchema }));
export const responsibleLimits = route('PUT', '/api/profile/responsible-gaming/limits', load, (m) => ({ body: m.responsible.LimitBodySchema, answer: m.responsible.ResponsibleStateSchema }));
export const responsibleExclusion = route('POST', '/api/profile/responsible-gaming/exclusion', load, (m) => ({ body: m.responsible.ExclusionBodySchema, answer: m.responsible.ResponsibleStateSchema }));
export const responsibleRealityCheck = route('PUT', '/api/profile/responsible-gaming/reality-check', load, (m) => ({ body: m.responsible.RealityCheckBodySchema, answer: m.responsible.ResponsibleStateSchema }));
export const playSession = route('GET', '/api/profile/play-session', load, (m) => ({ answer: m.responsible.PlaySessionSchema }));
export const supportTickets = route('GET', '/api/support/tickets', load, (m) => ({ answer: m.support.supportTicketsAnswer }));
export const supportTicketCreate = route('POST', '/api/support/tickets', load, (m) => ({ body: m.support.supportTicketRequest, answer: m.support.supportTicketCreatedAnswer }));
export const supportTicket = route('GET', '/api/support/tickets/:id', load, (m) => ({ params: m.pathParams.TicketParams, answer: m.support.supportTicketAnswer }));
export const supportMessageSend = route('POST', '/api/support/tickets/:id/messages', load, (m) => ({ params: m.pathParams.TicketParams, body: m.support.supportMessageRequest, answer: m.support.supportMessageSentAnswer }));
