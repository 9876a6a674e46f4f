import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type MsgResponse } from '../../../core/protocol/auth.ts';
import { createUser, findUserByEmail, findUserById, markEmailVerified, setPasswordHash } from '../../accounts/users.ts';
import { hashPassword } from '../../accounts/passwords.ts';
import { consumeResetToken, createResetToken, RESET_TOKEN_MINUTES } from '../../accounts/passwordResets.ts';
import { revokeAllForUser } from '../../accounts/tokens.ts';
import { emailHash, safeEqual, verificationPath, verifySignedPath, VERIFY_LINK_MINUTES } from '../../accounts/signedUrls.ts';
import { bindReferral } from '../../referrals/referrals.ts';
import { rewardInvitee } from '../../referrals/invitations.ts';
import { EMAIL_LINK_INVALID_QUERY, EMAIL_VERIFIED_PATH } from '../../../core/protocol/emailVerification.ts';
import { attributeSignup, trackingToken } from '../../tracking/trackingLinks.ts';
import { requireCaptcha } from '../../captcha/captcha.ts';
import { passwordResetMail, verificationMail } from '../../mail/templates.ts';
import { fieldError, msgError } from '../../http/errors.ts';
import { clearAttempts, loginAccountKey, takeAttempt } from '../../security/rateLimit.ts';
import { RedirectAnswer } from '../../http/responseContract.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { markAccount, originMarks } from '../../risk/marks.ts';
import { sessionOrigin } from './accountSecurityDeps.ts';
import { requestLocale } from '../../i18n/language.ts';
import type { Locale } from '../../../core/text/locales.ts';

// Registration, email verification, forgotten and reset passwords (docs/product.md §7). Registration does
// not sign in: it sends the verification mail, and the client switches to its Login tab.

export const MSG = {
  registered: 'Registration successful! Please check your email to verify your account.',
  emailTaken: 'The email has already been taken.',
  resetLinkSent: 'If an account exists for that email, we have sent a password reset link.',
  passwordReset: 'Your password has been reset.',
  resetInvalid: 'This password reset token is invalid.',
  verificationSent: 'If that email needs verifying, we have sent a new verification link.',
} as const;

export default async function authRoutes(app: FastifyInstance) {
  const { settings, limiter, captcha, mailer } = app.accounts;
  const { config } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function sendVerification(user: { id: number; name: string; email: string; locale: Locale }): Promise<void> {
    const link = `${config.publicUrl}${verificationPath(config.appSecret, user.id, user.email)}`;
    await mailer.send(user.email, verificationMail(user.locale, user.name, link, VERIFY_LINK_MINUTES));
  }

  /** One request per email per window (counted whether or not the email exists), plus a cap per address. */
  async function throttleMailRequest(kind: string, email: string, ip: string): Promise<void> {
    const windowSeconds = settings.throttle.forgotDecaySeconds;
    await Promise.all([
      takeAttempt(limiter, `${kind}:email:${email.toLowerCase()}`, { limit: 1, windowSeconds }),
      takeAttempt(limiter, `${kind}:address:${ip}`, { limit: 10, windowSeconds }),
    ]);
  }

  route(typed, routes.register, { config: { killSwitch: 'sign_ups' } }, async (request) => {
    const body = request.body;
    // Sign-ups per address are capped (throwaway accounts farm the free box); counted first, like logins.
    const { registerAddressMaxAttempts: limit, registerDecaySeconds: windowSeconds } = settings.throttle;
    await takeAttempt(limiter, `register:address:${request.ip}`, { limit, windowSeconds });
    await requireCaptcha(captcha, body['g-recaptcha-response'], settings.captchaActions.register, request.ip);
    if (await findUserByEmail(app.db, body.email)) throw fieldError('email', MSG.emailTaken);
    const passwordHash = await hashPassword(body.password);
    const locale = requestLocale(request);
    let id: number;
    try {
      id = await createUser(app.db, app.wallet, { name: body.name, email: body.email, passwordHash, termsAccepted: body.terms, promotions: body.promotions, locale });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (await findUserByEmail(app.db, body.email)) throw fieldError('email', MSG.emailTaken);
      throw error;
    }
    // The sign-up's address and browser mark the account as every sign-in does (docs/risk.md, "Marks").
    await markAccount(app.db, app.config.appSecret, id, originMarks(sessionOrigin(request)));
    const referral = body.ref ? await bindReferral(app.db, id, body.ref) : null;
    await attributeSignup(app.db, id, trackingToken(request));
    await sendVerification({ id, name: body.name, email: body.email, locale });
    return { msg: MSG.registered, ...(referral && !referral.bound ? { ref_msg: referral.msg } : {}) };
  });

  route(typed, routes.emailResend, {}, async (request): Promise<MsgResponse> => {
    await throttleMailRequest('verify', request.body.email, request.ip);
    const user = await findUserByEmail(app.db, request.body.email);
    if (user && !user.email_verified_at) await sendVerification(user);
    return { msg: MSG.verificationSent };
  });

  typed.get(
    '/api/email/verify/:id/:hash',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive(), hash: z.string() }),
        querystring: z.object({ expires: z.string(), signature: z.string() }),
        response: { 302: RedirectAnswer },
      },
    },
    async (request, reply) => {
      const { id, hash } = request.params;
      const valid = verifySignedPath(config.appSecret, { path: `/api/email/verify/${id}/${hash}`, ...request.query });
      const user = valid ? await findUserById(app.db, id) : undefined;
      if (!user || !safeEqual(emailHash(user.email), hash)) return reply.redirect(`${config.publicUrl}${EMAIL_VERIFIED_PATH}?${EMAIL_LINK_INVALID_QUERY}`, 302);
      await markEmailVerified(app.db, user.id);
      await rewardInvitee(app.wallet, config.referrals.inviteeRewardCents, user.id);
      return reply.redirect(`${config.publicUrl}${EMAIL_VERIFIED_PATH}`, 302);
    },
  );

  route(typed, routes.forgotPassword, {}, async (request): Promise<MsgResponse> => {
    const body = request.body;
    await requireCaptcha(captcha, body['g-recaptcha-response'], settings.captchaActions.forgot, request.ip);
    await throttleMailRequest('forgot', body.email, request.ip);
    const user = await findUserByEmail(app.db, body.email);
    if (user) {
      const token = await createResetToken(app.db, user.id);
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      await mailer.send(user.email, passwordResetMail(user.locale, user.name, link, RESET_TOKEN_MINUTES));
    } else {
      // The same work as for a known email would be a hash; the answer must not tell them apart.
      request.log.info('password reset requested for an unknown email');
    }
    return { msg: MSG.resetLinkSent };
  });

  route(typed, routes.resetPassword, {}, async (request): Promise<MsgResponse> => {
    const { token, email, password } = request.body;
    const user = await findUserByEmail(app.db, email);
    if (!user || !(await consumeResetToken(app.db, user.id, token))) throw msgError(422, MSG.resetInvalid);
    await setPasswordHash(app.db, user.id, await hashPassword(password));
    await markEmailVerified(app.db, user.id); // the reset link proved the mailbox
    await rewardInvitee(app.wallet, config.referrals.inviteeRewardCents, user.id);
    await revokeAllForUser(app.db, user.id);
    await clearAttempts(limiter, loginAccountKey(user.email)); // the mailbox owner is never locked out for long
    return { msg: MSG.passwordReset };
  });
}
