import type { RouteSchemas } from '../../route.ts';
import * as adminProtocol from '../../admin.ts';
import * as adminCatalogProtocol from '../../adminCatalog.ts';
import * as adminCodeReviewsProtocol from '../../adminCodeReviews.ts';
import * as adminCodesProtocol from '../../adminCodes.ts';
import * as adminPlayersProtocol from '../../adminPlayers.ts';
import * as adminReportsProtocol from '../../adminReports.ts';
import * as adminSettingsProtocol from '../../adminSettings.ts';
import * as vipProtocol from '../../vip.ts';
import * as missionsProtocol from '../../missions.ts';
import * as adminShippingProtocol from '../../adminShipping.ts';
import * as adminSupportProtocol from '../../adminSupport.ts';
import * as metricsProtocol from '../../metrics.ts';
import * as boxesProtocol from '../../boxes.ts';
import * as historyProtocol from '../../history.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as riskProtocol from '../../risk.ts';
import * as errorSchemasProtocol from '../../errorSchemas.ts';

// The contracts of core/protocol/routes/admin.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const adminCatalogOptions = { answer: adminCatalogProtocol.CatalogOptionsSchema } satisfies RouteSchemas;
export const adminItems = { query: adminCatalogProtocol.AdminCatalogQuerySchema, answer: adminCatalogProtocol.AdminItemPageSchema } satisfies RouteSchemas;
export const adminItemCreate = { body: adminCatalogProtocol.ItemInputSchema, answer: adminCatalogProtocol.AdminItemAnswerSchema } satisfies RouteSchemas;
export const adminItem = { params: boxesProtocol.IdParamsSchema, answer: adminCatalogProtocol.AdminItemAnswerSchema } satisfies RouteSchemas;
export const adminItemUpdate = { params: boxesProtocol.IdParamsSchema, body: adminCatalogProtocol.ItemInputSchema, answer: adminCatalogProtocol.AdminItemAnswerSchema } satisfies RouteSchemas;
/** The photo's file is the raw body (image/png, image/jpeg, image/webp, image/avif or application/octet-stream): no JSON schema. */
export const adminItemPhotoUpload = { params: boxesProtocol.IdParamsSchema, answer: adminCatalogProtocol.AdminItemAnswerSchema, others: { 422: errorSchemasProtocol.ValidationAnswerSchema } } satisfies RouteSchemas;
export const adminItemPhotoRemove = { params: boxesProtocol.IdParamsSchema, answer: adminCatalogProtocol.AdminItemAnswerSchema } satisfies RouteSchemas;
export const adminBoxes = { query: adminCatalogProtocol.AdminCatalogQuerySchema, answer: adminCatalogProtocol.AdminBoxPageSchema } satisfies RouteSchemas;
export const adminBox = { params: boxesProtocol.IdParamsSchema, answer: adminCatalogProtocol.AdminBoxAnswerSchema } satisfies RouteSchemas;
export const adminBoxCreate = { body: adminCatalogProtocol.BoxCreateInputSchema, answer: adminCatalogProtocol.AdminBoxAnswerSchema } satisfies RouteSchemas;
export const adminBoxUpdate = { params: boxesProtocol.IdParamsSchema, body: adminCatalogProtocol.BoxDetailsInputSchema, answer: adminCatalogProtocol.AdminBoxAnswerSchema } satisfies RouteSchemas;
export const adminBoxVersionCreate = { params: boxesProtocol.IdParamsSchema, body: adminCatalogProtocol.BoxVersionInputSchema, answer: adminCatalogProtocol.AdminBoxAnswerSchema } satisfies RouteSchemas;
export const adminCodeReviews = { answer: adminCodeReviewsProtocol.CodeReviewListSchema } satisfies RouteSchemas;
export const adminCodeReviewApprove = { params: pathParamsProtocol.RowIdParams, answer: adminCodesProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminCodeReviewReject = { params: pathParamsProtocol.RowIdParams, answer: adminCodesProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminPromoCodes = { query: adminCodesProtocol.AdminCodesQuerySchema, answer: adminCodesProtocol.AdminPromoPageSchema } satisfies RouteSchemas;
export const adminPromoCodeCreate = { body: adminCodesProtocol.PromoCreateSchema, answer: adminCodesProtocol.AdminPromoSchema, status: 201 } satisfies RouteSchemas;
export const adminPromoCodeUpdate = { params: pathParamsProtocol.RowIdParams, body: adminCodesProtocol.PromoUpdateSchema, answer: adminCodesProtocol.AdminPromoSchema } satisfies RouteSchemas;
export const adminPromoRedemptions = { params: pathParamsProtocol.RowIdParams, query: adminCodesProtocol.PromoRedemptionsQuerySchema, answer: adminCodesProtocol.PromoRedemptionPageSchema } satisfies RouteSchemas;
export const adminGiftCodes = { query: adminCodesProtocol.AdminGiftQuerySchema, answer: adminCodesProtocol.AdminGiftCodePageSchema } satisfies RouteSchemas;
export const adminGiftCodeMint = { body: adminCodesProtocol.GiftMintSchema, answer: adminCodesProtocol.GiftMintAnswerSchema, status: 201 } satisfies RouteSchemas;
export const adminGiftCodeUpdate = { params: pathParamsProtocol.RowIdParams, body: adminCodesProtocol.GiftUpdateSchema, answer: adminCodesProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminSettings = { answer: adminSettingsProtocol.GameSettingsAnswerSchema } satisfies RouteSchemas;
export const adminSettingUpdate = { params: adminSettingsProtocol.GameSettingParams, body: adminSettingsProtocol.GameSettingBodySchema, answer: adminSettingsProtocol.GameSettingSavedSchema } satisfies RouteSchemas;
export const adminVip = { answer: vipProtocol.AdminVipAnswerSchema } satisfies RouteSchemas;
export const adminVipUpdate = { params: vipProtocol.VipTierParams, body: vipProtocol.VipRatesBodySchema, answer: vipProtocol.AdminVipSavedSchema } satisfies RouteSchemas;
export const adminChallengeCreate = { body: missionsProtocol.ChallengeCreateSchema, answer: missionsProtocol.ChallengeCreatedSchema } satisfies RouteSchemas;
export const adminPlayers = { query: adminPlayersProtocol.PlayerSearchQuerySchema, answer: adminPlayersProtocol.PlayerSearchPageSchema } satisfies RouteSchemas;
export const adminPlayer = { params: pathParamsProtocol.PlayerParams, answer: adminPlayersProtocol.PlayerProfileSchema } satisfies RouteSchemas;
export const adminPlayerSessions = { params: pathParamsProtocol.PlayerParams, answer: adminPlayersProtocol.PlayerSessionsSchema } satisfies RouteSchemas;
export const adminPlayerBets = { params: pathParamsProtocol.PlayerParams, query: historyProtocol.BetHistoryQuerySchema, answer: historyProtocol.BetHistoryPageSchema } satisfies RouteSchemas;
export const adminPlayerLedger = { params: pathParamsProtocol.PlayerParams, query: historyProtocol.LedgerHistoryQuerySchema, answer: historyProtocol.LedgerPageSchema } satisfies RouteSchemas;
export const adminAdjustmentCreate = { params: pathParamsProtocol.PlayerParams, body: adminPlayersProtocol.AdjustmentBodySchema, answer: adminPlayersProtocol.AdjustmentAnswerSchema, others: { 202: adminPlayersProtocol.AdjustmentPendingAnswerSchema } } satisfies RouteSchemas;
export const adminAdjustmentsPending = { answer: adminPlayersProtocol.PendingAdjustmentListSchema } satisfies RouteSchemas;
export const adminAdjustmentApprove = { params: pathParamsProtocol.RowIdParams, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminAdjustmentReject = { params: pathParamsProtocol.RowIdParams, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminPlayerLock = { params: pathParamsProtocol.PlayerParams, body: adminPlayersProtocol.LockBodySchema, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminPlayerUnlock = { params: pathParamsProtocol.PlayerParams, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminReports = { query: adminReportsProtocol.ReportQuerySchema, answer: adminReportsProtocol.ReportAnswerSchema } satisfies RouteSchemas;
export const adminReportsCsv = { query: adminReportsProtocol.ReportCsvQuerySchema, answer: adminReportsProtocol.ReportCsvAnswer } satisfies RouteSchemas;
export const adminBoard = { answer: adminReportsProtocol.BoardAnswerSchema } satisfies RouteSchemas;
export const adminMetrics = { answer: metricsProtocol.MetricsAnswer } satisfies RouteSchemas;
export const adminWithdrawals = { query: adminShippingProtocol.AdminWithdrawalsQuerySchema, answer: adminShippingProtocol.AdminWithdrawalPageSchema } satisfies RouteSchemas;
export const adminWithdrawalMove = { params: pathParamsProtocol.RowIdParams, body: adminShippingProtocol.WithdrawalMoveSchema, answer: adminCodesProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminMe = { answer: adminProtocol.StaffMeSchema } satisfies RouteSchemas;
export const adminStaff = { answer: adminProtocol.StaffListSchema } satisfies RouteSchemas;
export const adminStaffGrant = { body: adminProtocol.StaffGrantSchema, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminAudit = { query: adminProtocol.AuditQuerySchema, answer: adminProtocol.AuditPageSchema } satisfies RouteSchemas;
export const adminSupportTickets = { query: adminSupportProtocol.SupportQueueQuerySchema, answer: adminSupportProtocol.SupportQueuePageSchema } satisfies RouteSchemas;
export const adminSupportTicket = { params: pathParamsProtocol.TicketParams, answer: adminSupportProtocol.AdminTicketSchema } satisfies RouteSchemas;
export const adminSupportReply = { params: pathParamsProtocol.TicketParams, body: adminSupportProtocol.SupportReplyBodySchema, answer: adminSupportProtocol.AdminReplyAnswerSchema } satisfies RouteSchemas;
export const adminSupportNote = { params: pathParamsProtocol.TicketParams, body: adminSupportProtocol.SupportNoteBodySchema, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminSupportClose = { params: pathParamsProtocol.TicketParams, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;
export const adminSupportReopen = { params: pathParamsProtocol.TicketParams, answer: adminPlayersProtocol.AdminMessageSchema } satisfies RouteSchemas;

// The chat's console contracts (schemas/chat.ts), under the same names as their addresses above.
export { adminChatBan, adminChatClear, adminChatDelete, adminChatMute, adminChatReportDismiss, adminChatReports, adminChatRoom, adminChatSettings, adminChatSettingsSet, adminChatSlowMode, adminChatSwitch, adminChatUnmute, adminRainSettings, adminRainSettingsSet, adminTipSettings, adminTipSettingsSet } from './chat.ts';
// The kill switches' console contracts (schemas/killSwitches.ts).
export { adminKillSwitchUpdate, adminKillSwitches } from './killSwitches.ts';
export { adminRaceCreate } from './races.ts';
export { adminKycDocument, adminKycQueue, adminKycReview } from './kyc.ts';
export const adminPlayerLinks = { params: pathParamsProtocol.PlayerParams, answer: riskProtocol.PlayerLinksSchema } satisfies RouteSchemas;
export const adminRiskRules = { answer: riskProtocol.RiskRulesAnswerSchema } satisfies RouteSchemas;
export const adminRiskRulesUpdate = { body: riskProtocol.RiskRulesSchema, answer: riskProtocol.RiskRulesAnswerSchema } satisfies RouteSchemas;
export const adminRiskAlerts = { query: riskProtocol.RiskAlertsQuerySchema, answer: riskProtocol.RiskAlertsAnswerSchema } satisfies RouteSchemas;
export const adminRiskAlertClose = { params: pathParamsProtocol.RowIdParams, body: riskProtocol.RiskAlertCloseSchema, answer: riskProtocol.RiskAlertClosedSchema, others: { 404: errorSchemasProtocol.MessageAnswerSchema } } satisfies RouteSchemas;
