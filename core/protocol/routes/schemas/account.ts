import type { RouteSchemas } from '../../route.ts';
import * as accountSecurityProtocol from '../../accountSecurity.ts';
import * as authProtocol from '../../auth.ts';
import * as pathParamsProtocol from '../../pathParams.ts';
import * as realtimeSchemasProtocol from '../../realtimeSchemas.ts';
import * as referralProtocol from '../../referral.ts';

// The contracts of core/protocol/routes/account.ts's routes, under the same names: each one's schemas
// from core/protocol. Only the server, the tests and the console load this module.

export const profileSecurity = { answer: accountSecurityProtocol.SecurityOverviewSchema } satisfies RouteSchemas;
export const passwordChange = { body: accountSecurityProtocol.changePasswordRequest, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const emailChange = { body: accountSecurityProtocol.changeEmailRequest, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const twoFactorStart = { answer: accountSecurityProtocol.TwoFactorSetupSchema } satisfies RouteSchemas;
export const twoFactorConfirm = { body: accountSecurityProtocol.twoFactorConfirmRequest, answer: accountSecurityProtocol.RecoveryCodesSchema } satisfies RouteSchemas;
export const twoFactorDisable = { body: accountSecurityProtocol.twoFactorCodeRequest, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const sessions = { answer: accountSecurityProtocol.SessionsAnswerSchema } satisfies RouteSchemas;
export const sessionEnd = { params: pathParamsProtocol.SessionParams, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const sessionsEndOthers = { answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const register = { body: authProtocol.registerRequest, answer: authProtocol.RegisterResponseSchema } satisfies RouteSchemas;
export const emailResend = { body: authProtocol.resendVerificationRequest, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const forgotPassword = { body: authProtocol.forgotPasswordRequest, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const resetPassword = { body: authProtocol.resetPasswordRequest, answer: authProtocol.MsgResponseSchema } satisfies RouteSchemas;
export const referralInfo = { answer: referralProtocol.referralInfoResponse } satisfies RouteSchemas;
export const referralCode = { body: referralProtocol.referralCodeRequest, answer: referralProtocol.referralCodeResponse } satisfies RouteSchemas;
export const claimEarnings = { answer: referralProtocol.claimEarningsResponse } satisfies RouteSchemas;
export const socialHandle = { query: authProtocol.SocialHandleQuerySchema, answer: authProtocol.SocialHandleResponseSchema } satisfies RouteSchemas;
export const broadcastingAuth = { body: realtimeSchemasProtocol.ChannelAuthRequestSchema, answer: realtimeSchemasProtocol.ChannelAuthResponseSchema } satisfies RouteSchemas;
export const invitation = { params: pathParamsProtocol.InvitationCodeParams, answer: referralProtocol.invitationResponse } satisfies RouteSchemas;
export const playerInvitation = { answer: referralProtocol.playerInvitationResponse } satisfies RouteSchemas;
