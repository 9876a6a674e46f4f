import type { RouteSchemas } from '../../route.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';
import * as fairProtocol from '../../fair.ts';
import * as historyProtocol from '../../history.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as responsibleProtocol from '../../responsible.ts';
import * as rewardsProtocol from '../../rewards.ts';
import * as supportProtocol from '../../support.ts';

// The contracts of core/protocol/routes/player.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const cashbackClaim = { answer: rewardsProtocol.CashbackClaimAnswerSchema, others: { 401: errorSchemasProtocol.MessageAnswerSchema } } satisfies RouteSchemas;
export const fairSeeds = { answer: fairProtocol.SeedStateAnswerSchema } satisfies RouteSchemas;
export const fairClientSeed = { body: fairProtocol.ClientSeedSchema, answer: fairProtocol.SeedStateAnswerSchema } satisfies RouteSchemas;
export const fairRotate = { answer: fairProtocol.SeedRotationAnswerSchema } satisfies RouteSchemas;
export const fairSeedHistory = { query: fairProtocol.SeedHistoryQuerySchema, answer: fairProtocol.SeedHistoryPageSchema } satisfies RouteSchemas;
export const fairChains = { answer: fairProtocol.PublishedChainsAnswerSchema } satisfies RouteSchemas;
export const betHistory = { query: historyProtocol.BetHistoryQuerySchema, answer: historyProtocol.BetHistoryPageSchema } satisfies RouteSchemas;
export const betHistoryCsv = { query: historyProtocol.BetHistoryQuerySchema, answer: historyProtocol.HistoryCsvAnswer } satisfies RouteSchemas;
export const ledgerHistory = { query: historyProtocol.LedgerHistoryQuerySchema, answer: historyProtocol.LedgerPageSchema } satisfies RouteSchemas;
export const ledgerHistoryCsv = { query: historyProtocol.LedgerHistoryQuerySchema, answer: historyProtocol.HistoryCsvAnswer } satisfies RouteSchemas;
export const responsibleState = { answer: responsibleProtocol.ResponsibleStateSchema } satisfies RouteSchemas;
export const responsibleLimits = { body: responsibleProtocol.LimitBodySchema, answer: responsibleProtocol.ResponsibleStateSchema } satisfies RouteSchemas;
export const responsibleExclusion = { body: responsibleProtocol.ExclusionBodySchema, answer: responsibleProtocol.ResponsibleStateSchema } satisfies RouteSchemas;
export const responsibleRealityCheck = { body: responsibleProtocol.RealityCheckBodySchema, answer: responsibleProtocol.ResponsibleStateSchema } satisfies RouteSchemas;
export const playSession = { answer: responsibleProtocol.PlaySessionSchema } satisfies RouteSchemas;
export const supportTickets = { answer: supportProtocol.supportTicketsAnswer } satisfies RouteSchemas;
export const supportTicketCreate = { body: supportProtocol.supportTicketRequest, answer: supportProtocol.supportTicketCreatedAnswer } satisfies RouteSchemas;
export const supportTicket = { params: pathParamsProtocol.TicketParams, answer: supportProtocol.supportTicketAnswer } satisfies RouteSchemas;
export const supportMessageSend = { params: pathParamsProtocol.TicketParams, body: supportProtocol.supportMessageRequest, answer: supportProtocol.supportMessageSentAnswer } satisfies RouteSchemas;
