import { route } from '../route.ts';
import type * as contract from './schemas/account.ts';

// Signing up and in, the profile and its security, invitations, tracking links, the public configuration and the realtime channel authorization.
// Each entry: method and path, typed by its contract in ./schemas/account.ts (core/protocol/route.ts).

export const profileSecurity = route<typeof contract.profileSecurity>()('GET', '/api/profile/security');
export const passwordChange = route<typeof contract.passwordChange>()('POST', '/api/profile/password');
export const emailChange = route<typeof contract.emailChange>()('POST', '/api/profile/email');
export const twoFactorStart = route<typeof contract.twoFactorStart>()('POST', '/api/profile/two-factor/start');
export const twoFactorConfirm = route<typeof contract.twoFactorConfirm>()('POST', '/api/profile/two-factor/confirm');
export const twoFactorDisable = route<typeof contract.twoFactorDisable>()('POST', '/api/profile/two-factor/disable');
export const sessions = route<typeof contract.sessions>()('GET', '/api/profile/sessions');
export const sessionEnd = route<typeof contract.sessionEnd>()('POST', '/api/profile/sessions/:id/end');
export const sessionsEndOthers = route<typeof contract.sessionsEndOthers>()('POST', '/api/profile/sessions/end-others');
export const register = route<typeof contract.register>()('POST', '/api/auth/register');
export const emailResend = route<typeof contract.emailResend>()('POST', '/api/email/resend');
export const forgotPassword = route<typeof contract.forgotPassword>()('POST', '/api/auth/forgot-password');
export const resetPassword = route<typeof contract.resetPassword>()('POST', '/api/auth/reset-password');
export const referralInfo = route<typeof contract.referralInfo>()('GET', '/api/profile/referral-info');
export const referralCode = route<typeof contract.referralCode>()('POST', '/api/profile/referral-code');
export const claimEarnings = route<typeof contract.claimEarnings>()('POST', '/api/profile/claim-earnings');
export const socialHandle = route<typeof contract.socialHandle>()('GET', '/social/handle');
export const broadcastingAuth = route<typeof contract.broadcastingAuth>()('POST', '/broadcasting/auth');
export const invitation = route<typeof contract.invitation>()('GET', '/api/ref/:code');
export const playerInvitation = route<typeof contract.playerInvitation>()('GET', '/api/profile/invitation');
