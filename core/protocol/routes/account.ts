import { route } from '../route.ts';

// Signing up and in, the profile and its security, invitations, tracking links, the public configuration and the realtime channel authorization.
// Each entry: method, path and its schemas in core/protocol (loaded on demand: core/protocol/route.ts).
const load = () => Promise.all([import('../accountSecurity.ts'), import('../auth.ts'), import('../config.ts'), import('../pathParams.ts'), import('../realtimeSchemas.ts'), import('../referral.ts'), import('../tracking.ts'), import('../user.ts')]).then(([accountSecurity, auth, config, pathParams, realtimeSchemas, referral, tracking, user]) => ({ accountSecurity, auth, config, pathParams, realtimeSchemas, referral, tracking, user }));

export const profileSecurity = route('GET', '/api/profile/security', load, (m) => ({ answer: m.accountSecurity.SecurityOverviewSchema }));
export const passwordChange = route('POST', '/api/profile/password', load, (m) => ({ body: m.accountSecurity.changePasswordRequest, answer: m.auth.MsgResponseSchema }));
export const emailChange = route('POST', '/api/profile/email', load, (m) => ({ body: m.accountSecurity.changeEmailRequest, answer: m.auth.MsgResponseSchema }));
export const twoFactorStart = route('POST', '/api/profile/two-factor/start', load, (m) => ({ answer: m.accountSecurity.TwoFactorSetupSchema }));
export const twoFactorConfirm = route('POST', '/api/profile/two-factor/confirm', load, (m) => ({ body: m.accountSecurity.twoFactorConfirmRequest, answer: m.accountSecurity.RecoveryCodesSchema }));
export const twoFactorDisable = route('POST', '/api/profile/two-factor/disable', load, (m) => ({ body: m.accountSecurity.twoFactorCodeRequest, answer: m.auth.MsgResponseSchema }));
export const sessions = route('GET', '/api/profile/sessions', load, (m) => ({ answer: m.accountSecurity.SessionsAnswerSchema }));
export const sessionEnd = route('POST', '/api/profile/sessions/:id/end', load, (m) => ({ params: m.pathParams.SessionParams, answer: m.auth.MsgResponseSchema }));
export const sessionsEndOthers = route('POST', '/api/profile/sessions/end-others', load, (m) => ({ answer: m.auth.MsgResponseSchema }));
export const register = route('POST', '/api/auth/register', load, (m) => ({ body: m.auth.registerRequest, answer: m.auth.RegisterResponseSchema }));
export const emailResend = route('POST', '/api/email/resend', load, (m) => ({ body: m.auth.resendVerificationRequest, answer: m.auth.MsgResponseSchema }));
export const forgotPassword = route('POST', '/api/auth/forgot-password', load, (m) => ({ body: m.auth.forgotPasswordRequest, answer: m.auth.MsgResponseSchema }));
export const resetPassword = route('POST', '/api/auth/reset-password', load, (m) => ({ body: m.auth.resetPasswordRequest, answer: m.auth.MsgResponseSchema }));
export const profile = route('GET', '/api/profile', load, (m) => ({ answer: m.user.ProfileAnswerSchema }));
export const logout = route('POST', '/api/profile/logout', load, (m) => ({ answer: m.auth.MsgResponseSchema }));
export const invitation = route('GET', '/api/ref/:code', load, (m) => ({ params: m.pathParams.InvitationCodeParams, answer: m.referral.invitationResponse }));
export const playerInvitation = route('GET', '/api/profile/invitation', load, (m) => ({ answer: m.referral.playerInvitationResponse }));
export const referralInfo = route('GET', '/api/profile/referral-info', load, (m) => ({ answer: m.referral.referralInfoResponse }));
export const referralCode = route('POST', '/api/profile/referral-code', load, (m) => ({ body: m.referral.referralCodeRequest, answer: m.referral.referralCodeResponse }));
export const claimEarnings = route('POST', '/api/profile/claim-earnings', load, (m) => ({ answer: m.referral.claimEarningsResponse }));
export const publicConfig = route('GET', '/api/config', load, (m) => ({ answer: m.config.PublicConfigSchema }));
export const trackingLink = route('GET', '/api/tl/:utm_source', load, (m) => ({ params: m.tracking.trackingParams, query: m.tracking.trackingQuery, answer: m.tracking.trackingResponse }));
export const oauthToken = route('POST', '/oauth/token', load, (m) => ({ answer: m.accountSecurity.TokenGrantAnswerSchema }));
export const socialHandle = route('GET', '/social/handle', load, (m) => ({ query: m.auth.SocialHandleQuerySchema, answer: m.auth.SocialHandleResponseSchema }));
export const broadcastingAuth = route('POST', '/broadcasting/auth', load, (m) => ({ body: m.realtimeSchemas.ChannelAuthRequestSchema, answer: m.realtimeSchemas.ChannelAuthResponseSchema }));
