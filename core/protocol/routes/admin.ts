import { route } from '../route.ts';
import type * as contract from './schemas/admin.ts';

// The operator console's routes (server/routes/admin/, behind the console's role guard).
// Each entry: method and path, typed by its contract in ./schemas/admin.ts (core/protocol/route.ts).

export const adminCatalogOptions = route<typeof contract.adminCatalogOptions>()('GET', '/api/admin/catalog/options');
export const adminItems = route<typeof contract.adminItems>()('GET', '/api/admin/items');
export const adminItemCreate = route<typeof contract.adminItemCreate>()('POST', '/api/admin/items');
export const adminItem = route<typeof contract.adminItem>()('GET', '/api/admin/items/:id');
export const adminItemUpdate = route<typeof contract.adminItemUpdate>()('PUT', '/api/admin/items/:id');
export const adminItemPhotoUpload = route<typeof contract.adminItemPhotoUpload>()('PUT', '/api/admin/items/:id/photo');
export const adminItemPhotoRemove = route<typeof contract.adminItemPhotoRemove>()('DELETE', '/api/admin/items/:id/photo');
export const adminBoxes = route<typeof contract.adminBoxes>()('GET', '/api/admin/boxes');
export const adminBox = route<typeof contract.adminBox>()('GET', '/api/admin/boxes/:id');
export const adminBoxCreate = route<typeof contract.adminBoxCreate>()('POST', '/api/admin/boxes');
export const adminBoxUpdate = route<typeof contract.adminBoxUpdate>()('PUT', '/api/admin/boxes/:id');
export const adminBoxVersionCreate = route<typeof contract.adminBoxVersionCreate>()('POST', '/api/admin/boxes/:id/versions');
export const adminCodeReviews = route<typeof contract.adminCodeReviews>()('GET', '/api/admin/code-reviews');
export const adminCodeReviewApprove = route<typeof contract.adminCodeReviewApprove>()('POST', '/api/admin/code-reviews/:id/approve');
export const adminCodeReviewReject = route<typeof contract.adminCodeReviewReject>()('POST', '/api/admin/code-reviews/:id/reject');
export const adminPromoCodes = route<typeof contract.adminPromoCodes>()('GET', '/api/admin/promo-codes');
export const adminPromoCodeCreate = route<typeof contract.adminPromoCodeCreate>()('POST', '/api/admin/promo-codes');
export const adminPromoCodeUpdate = route<typeof contract.adminPromoCodeUpdate>()('PATCH', '/api/admin/promo-codes/:id');
export const adminPromoRedemptions = route<typeof contract.adminPromoRedemptions>()('GET', '/api/admin/promo-codes/:id/redemptions');
export const adminGiftCodes = route<typeof contract.adminGiftCodes>()('GET', '/api/admin/gift-codes');
export const adminGiftCodeMint = route<typeof contract.adminGiftCodeMint>()('POST', '/api/admin/gift-codes');
export const adminGiftCodeUpdate = route<typeof contract.adminGiftCodeUpdate>()('PATCH', '/api/admin/gift-codes/:id');
export const adminSettings = route<typeof contract.adminSettings>()('GET', '/api/admin/settings');
export const adminSettingUpdate = route<typeof contract.adminSettingUpdate>()('PUT', '/api/admin/settings/:game');
export const adminVip = route<typeof contract.adminVip>()('GET', '/api/admin/vip');
export const adminVipUpdate = route<typeof contract.adminVipUpdate>()('PUT', '/api/admin/vip/:tier');
export const adminDisplayRates = route<typeof contract.adminDisplayRates>()('GET', '/api/admin/display-rates');
export const adminDisplayRateUpdate = route<typeof contract.adminDisplayRateUpdate>()('PUT', '/api/admin/display-rates/:currency');
export const adminChallengeCreate = route<typeof contract.adminChallengeCreate>()('POST', '/api/admin/challenges');
export const adminPlayers = route<typeof contract.adminPlayers>()('GET', '/api/admin/players');
export const adminPlayer = route<typeof contract.adminPlayer>()('GET', '/api/admin/players/:id');
export const adminPlayerSessions = route<typeof contract.adminPlayerSessions>()('GET', '/api/admin/players/:id/sessions');
export const adminPlayerBets = route<typeof contract.adminPlayerBets>()('GET', '/api/admin/players/:id/bets');
export const adminPlayerLedger = route<typeof contract.adminPlayerLedger>()('GET', '/api/admin/players/:id/ledger');
export const adminAdjustmentCreate = route<typeof contract.adminAdjustmentCreate>()('POST', '/api/admin/players/:id/adjustments');
export const adminAdjustmentsPending = route<typeof contract.adminAdjustmentsPending>()('GET', '/api/admin/adjustments/pending');
export const adminAdjustmentApprove = route<typeof contract.adminAdjustmentApprove>()('POST', '/api/admin/adjustments/:id/approve');
export const adminAdjustmentReject = route<typeof contract.adminAdjustmentReject>()('POST', '/api/admin/adjustments/:id/reject');
export const adminPlayerLock = route<typeof contract.adminPlayerLock>()('POST', '/api/admin/players/:id/lock');
export const adminPlayerUnlock = route<typeof contract.adminPlayerUnlock>()('POST', '/api/admin/players/:id/unlock');
export const adminReports = route<typeof contract.adminReports>()('GET', '/api/admin/reports');
export const adminReportsCsv = route<typeof contract.adminReportsCsv>()('GET', '/api/admin/reports/export.csv');
export const adminBoard = route<typeof contract.adminBoard>()('GET', '/api/admin/board');
export const adminMetrics = route<typeof contract.adminMetrics>()('GET', '/api/admin/metrics');
export const adminWithdrawals = route<typeof contract.adminWithdrawals>()('GET', '/api/admin/withdrawals');
export const adminWithdrawalMove = route<typeof contract.adminWithdrawalMove>()('POST', '/api/admin/withdrawals/:id/move');
export const adminMe = route<typeof contract.adminMe>()('GET', '/api/admin/me');
export const adminStaff = route<typeof contract.adminStaff>()('GET', '/api/admin/staff');
export const adminStaffGrant = route<typeof contract.adminStaffGrant>()('POST', '/api/admin/staff');
export const adminAudit = route<typeof contract.adminAudit>()('GET', '/api/admin/audit');
export const adminSupportTickets = route<typeof contract.adminSupportTickets>()('GET', '/api/admin/support/tickets');
export const adminSupportTicket = route<typeof contract.adminSupportTicket>()('GET', '/api/admin/support/tickets/:id');
export const adminSupportReply = route<typeof contract.adminSupportReply>()('POST', '/api/admin/support/tickets/:id/replies');
export const adminSupportNote = route<typeof contract.adminSupportNote>()('POST', '/api/admin/support/tickets/:id/notes');
export const adminSupportClose = route<typeof contract.adminSupportClose>()('POST', '/api/admin/support/tickets/:id/close');
export const adminSupportReopen = route<typeof contract.adminSupportReopen>()('POST', '/api/admin/support/tickets/:id/reopen');

// The chat's console routes (core/protocol/routes/chat.ts), so the console reaches them as its own.
export { adminChatBan, adminChatClear, adminChatDelete, adminChatMute, adminChatReportDismiss, adminChatReports, adminChatRoom, adminChatSettings, adminChatSettingsSet, adminChatSlowMode, adminChatSwitch, adminChatUnmute, adminRainSettings, adminRainSettingsSet, adminTipSettings, adminTipSettingsSet } from './chat.ts';
export { adminKillSwitchUpdate, adminKillSwitches } from './killSwitches.ts';
export { adminRaceCreate } from './races.ts';
export { adminKycDocument, adminKycQueue, adminKycReview } from './kyc.ts';
// Linked accounts and the risk rules (docs/risk.md).
export const adminPlayerLinks = route<typeof contract.adminPlayerLinks>()('GET', '/api/admin/players/:id/links');
export const adminRiskRules = route<typeof contract.adminRiskRules>()('GET', '/api/admin/risk/rules');
export const adminRiskRulesUpdate = route<typeof contract.adminRiskRulesUpdate>()('PUT', '/api/admin/risk/rules');
export const adminRiskAlerts = route<typeof contract.adminRiskAlerts>()('GET', '/api/admin/risk/alerts');
export const adminRiskAlertClose = route<typeof contract.adminRiskAlertClose>()('POST', '/api/admin/risk/alerts/:id/close');
