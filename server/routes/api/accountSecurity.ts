import type { Locale } from '../../../core/text/locales.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS_MESSAGES, TWO_FACTOR_MESSAGES } from '../../../core/protocol/accountSecurity.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { findUserByEmail, findUserById, setPasswordHash } from '../../accounts/users.ts';
import { hashPassword, verifyPassword } from '../../accounts/passwords.ts';
import { revokeAllForUser, revokeFamily } from '../../accounts/tokens.ts';
import { listSessions, ownsLiveSession } from '../../accounts/sessions.ts';
import { confirmEmailChange, EMAIL_CHANGE_MINUTES, pendingEmail, requestEmailChange } from '../../accounts/emailChanges.ts';
import { confirmEnrolment, disableTwoFactor, recoveryCodesLeft, startEnrolment, twoFactorEnabled } from '../../accounts/twoFactor.ts';
import { emailChangeMail, emailChangeNoticeMail, twoFactorChangedMail } from '../../mail/templates.ts';
import { fieldError, msgError, unauthenticated } from '../../http/errors.ts';
import { clearAttempts, loginAccountKey, takeAttempt, takePasswordAttempt } from '../../security/rateLimit.ts';
import { RedirectAnswer } from '../../http/responseContract.ts';
import { twoFactorDeps } from './accountSecurityDeps.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The Security page's calls (docs/account-safety.md, "Settings, two-factor and sessions"): password
// and email changes, two-factor set-up, the sessions list. Asking for the current password counts
// as a sign-in attempt of the account (the same throttle, before the check); with two-factor
// sign-in on, a change also needs `two_factor_code` (declared `secondFactor`, asked after the
// password: the password's proof is the route's own preHandler, which runs before declared checks).

const EmailConfirmQuery = z.object({ token: z.string().min(1).max(200) });
/** Where the mailed email-change link lands, with `?email=changed` or `?email=invalid`. */
export const SECURITY_PAGE = '/profile/security';

export default async function accountSecurityRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { limiter, mailer, settings } = app.accounts;
  const secondFactor = twoFactorDeps(app);
  const auth = { onRequest: app.authenticate };

  async function signedInUser(userId: number) {
    const user = await findUserById(app.db, userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** The current password (`current_password`), counted like a sign-in attempt: a change's preHandler, before its declared second factor. */
  async function provePassword(request: FastifyRequest): Promise<void> {
    const user = await signedInUser(requireUserId(request));
    if (!user.password_hash) throw fieldError('current_password', SETTINGS_MESSAGES.noPassword);
    await takePasswordAttempt(limiter, settings.throttle, user.email, request.ip);
    if (!(await verifyPassword(user.password_hash, (request.body as { current_password: string }).current_password))) throw fieldError('current_password', SETTINGS_MESSAGES.currentPasswordWrong);
    await clearAttempts(limiter, loginAccountKey(user.email));
  }

  /** An email change to the address the player already has is refused before the password is asked. */
  async function refuseSameEmail(request: FastifyRequest): Promise<void> {
    const user = await signedInUser(requireUserId(request));
    if ((request.body as { email: string }).email.toLowerCase() === user.email.toLowerCase()) throw fieldError('email', SETTINGS_MESSAGES.emailSame);
  }

  route(app, routes.profileSecurity, auth, async (request) => {
    const user = await signedInUser(requireUserId(request));
    const enabled = await twoFactorEnabled(app.db, user.id);
    return {
      data: {
        email: user.email,
        pending_email: await pendingEmail(app.db, user.id),
        has_password: user.password_hash !== null,
        two_factor: { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(app.db, user.id) : 0 },
      },
    };
  });

  route(app, routes.passwordChange, { ...auth, preHandler: provePassword, config: { secondFactor: true } }, async (request) => {
    const user = await signedInUser(requireUserId(request));
    await setPasswordHash(app.db, user.id, await hashPassword(request.body.password));
    // Whoever else held a session (perhaps the reason for the change) is signed out; this one stays.
    await revokeAllForUser(app.db, user.id, request.sessionId ?? undefined);
    return { msg: SETTINGS_MESSAGES.passwordChanged };
  });

  route(app, routes.emailChange, { ...auth, preHandler: [refuseSameEmail, provePassword], config: { secondFactor: true } }, async (request) => {
    const user = await signedInUser(requireUserId(request));
    const email = request.body.email;
    if (await findUserByEmail(app.db, email)) throw fieldError('email', SETTINGS_MESSAGES.emailTaken);
    // Mails per player are capped like the other mailed links (FORGOT_DECAY_SECONDS).
    await takeAttempt(limiter, `email-change:user:${user.id}`, { limit: 3, windowSeconds: settings.throttle.forgotDecaySeconds });
    const token = await requestEmailChange(app.db, user.id, email);
    const link = `${app.config.publicUrl}/api/profile/email/confirm?token=${encodeURIComponent(token)}`;
    await mailer.send(email, emailChangeMail(user.locale, user.name, link, EMAIL_CHANGE_MINUTES));
    await mailer.send(user.email, emailChangeNoticeMail(user.locale, user.name, email, `${app.config.publicUrl}${SECURITY_PAGE}`));
    return { msg: SETTINGS_MESSAGES.emailChangeSent };
  });

  // The mailed link: no bearer token (it is opened from a mail client), the token is the proof.
  app.get('/api/profile/email/confirm', { schema: { querystring: EmailConfirmQuery, response: { 302: RedirectAnswer } } }, async (request, reply) => {
    const result = await confirmEmailChange(app.db, request.query.token);
    return reply.redirect(`${app.config.publicUrl}${SECURITY_PAGE}?email=${result.ok ? 'changed' : result.reason}`, 302);
  });

  route(app, routes.twoFactorStart, auth, async (request) => {
    const user = await signedInUser(requireUserId(request));
    const setup = await startEnrolment(secondFactor, user);
    if (!setup) throw msgError(422, TWO_FACTOR_MESSAGES.alreadyEnabled);
    return { data: { secret: setup.secret, otpauth_uri: setup.uri, qr_svg: setup.qrSvg } };
  });

  /** Turning two-factor sign-in on or off is mailed: an owner learns of it if a stolen session did it. */
  async function tellTwoFactorChanged(user: { name: string; email: string; locale: Locale }, enabled: boolean): Promise<void> {
    await mailer.send(user.email, twoFactorChangedMail(user.locale, user.name, enabled, `${app.config.publicUrl}${SECURITY_PAGE}`));
  }

  route(app, routes.twoFactorConfirm, auth, async (request) => {
    const user = await signedInUser(requireUserId(request));
    const codes = await confirmEnrolment(secondFactor, user.id, request.body.code);
    // Sessions opened before the second factor (perhaps with a leaked password) end now, unless the
    // player chose to keep them; this one stays.
    if (request.body.end_other_sessions) await revokeAllForUser(app.db, user.id, request.sessionId ?? undefined);
    await tellTwoFactorChanged(user, true);
    return { msg: request.body.end_other_sessions ? SETTINGS_MESSAGES.twoFactorEnabledOthersEnded : SETTINGS_MESSAGES.twoFactorEnabled, data: { recovery_codes: codes } };
  });

  route(app, routes.twoFactorDisable, auth, async (request) => {
    const user = await signedInUser(requireUserId(request));
    await disableTwoFactor(secondFactor, user.id, request.body.code);
    await tellTwoFactorChanged(user, false);
    return { msg: SETTINGS_MESSAGES.twoFactorDisabled };
  });

  route(app, routes.sessions, auth, async (request) => ({
    data: await listSessions(app.db, requireUserId(request), request.sessionId),
  }));

  route(app, routes.sessionEnd, auth, async (request) => {
    const userId = requireUserId(request);
    if (!(await ownsLiveSession(app.db, userId, request.params.id))) throw msgError(404, SETTINGS_MESSAGES.sessionUnknown);
    await revokeFamily(app.db, request.params.id);
    return { msg: SETTINGS_MESSAGES.sessionEnded };
  });

  route(app, routes.sessionsEndOthers, auth, async (request) => {
    await revokeAllForUser(app.db, requireUserId(request), request.sessionId ?? undefined);
    return { msg: SETTINGS_MESSAGES.otherSessionsEnded };
  });
}
