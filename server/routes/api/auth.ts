import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordRequest,
  registerRequest,
  resendVerificationRequest,
  resetPasswordRequest,
  type MsgResponse,
} from '../../../core/protocol/auth.ts';
import { accountServices } from '../../accounts/services.ts';
import { createUser, findUserByEmail, findUserById, markEmailVerified, setPasswordHash } from '../../accounts/users.ts';
import { hashPassword } from '../../accounts/passwords.ts';
import { consumeResetToken, createResetToken, RESET_TOKEN_MINUTES } from '../../accounts/passwordResets.ts';
import { revokeAllForUser } from '../../accounts/tokens.ts';
import { emailHash, safeEqual, verificationPath, verifySignedPath, VERIFY_LINK_MINUTES } from '../../accounts/signedUrls.ts';
import { requireCaptcha } from '../../captcha/captcha.ts';
import { passwordResetMail, verificationMail } from '../../mail/templates.ts';
import { fieldError, msgError, tooManyRequests } from '../../http/errors.ts';

// Registration, email verification, forgotten and reset passwords (spec §7). Registration does
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
  const { settings, limiter, captcha, mailer } = accountServices(app);
  const { config } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function sendVerification(user: { id: number; name: string; email: string }): Promise<void> {
    const link = `${config.publicUrl}${verificationPath(config.appSecret, user.id, user.email)}`;
    await mailer.send(user.email, verificationMail(user.name, link, VERIFY_LINK_MINUTES));
  }

  /** One request per email per window (counted whether or not the email exists), plus a cap per address. */
  async function throttleMailRequest(kind: string, email: string, ip: string): Promise<void> {
    const window = settings.throttle.forgotDecaySeconds;
    const byEmail = await limiter.check(`${kind}:email:${email.toLowerCase()}`);
    if (byEmail.count >= 1) throw tooManyRequests(byEmail.retryAfter);
    const byAddress = await limiter.check(`${kind}:address:${ip}`);
    if (byAddress.count >= 10) throw tooManyRequests(byAddress.retryAfter);
    await limiter.hit(`${kind}:email:${email.toLowerCase()}`, window);
    await limiter.hit(`${kind}:address:${ip}`, window);
  }

  typed.post('/api/auth/register', { schema: { body: registerRequest } }, async (request): Promise<MsgResponse> => {
    const body = request.body;
    await requireCaptcha(captcha, body['g-recaptcha-response'], settings.captchaActions.register, request.ip);
    if (await findUserByEmail(app.db, body.email)) throw fieldError('email', MSG.emailTaken);
    const passwordHash = await hashPassword(body.password);
    let id: number;
    try {
      id = await createUser(app.db, app.wallet, { name: body.name, email: body.email, passwordHash });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (await findUserByEmail(app.db, body.email)) throw fieldError('email', MSG.emailTaken);
      throw error;
    }
    await sendVerification({ id, name: body.name, email: body.email });
    return { msg: MSG.registered };
  });

  typed.post('/api/email/resend', { schema: { body: resendVerificationRequest } }, async (request): Promise<MsgResponse> => {
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
      },
    },
    async (request, reply) => {
      const { id, hash } = request.params;
      const valid = verifySignedPath(config.appSecret, { path: `/api/email/verify/${id}/${hash}`, ...request.query });
      const user = valid ? await findUserById(app.db, id) : undefined;
      if (!user || !safeEqual(emailHash(user.email), hash)) return reply.redirect(`${config.publicUrl}/?verified=0`, 302);
      await markEmailVerified(app.db, user.id);
      return reply.redirect(`${config.publicUrl}/?verified=1&modal=login`, 302);
    },
  );

  typed.post('/api/auth/forgot-password', { schema: { body: forgotPasswordRequest } }, async (request): Promise<MsgResponse> => {
    const body = request.body;
    await requireCaptcha(captcha, body['g-recaptcha-response'], settings.captchaActions.forgot, request.ip);
    await throttleMailRequest('forgot', body.email, request.ip);
    const user = await findUserByEmail(app.db, body.email);
    if (user) {
      const token = await createResetToken(app.db, user.id);
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
      await mailer.send(user.email, passwordResetMail(user.name, link, RESET_TOKEN_MINUTES));
    } else {
      // The same work as for a known email would be a hash; the answer must not tell them apart.
      request.log.info('password reset requested for an unknown email');
    }
    return { msg: MSG.resetLinkSent };
  });

  typed.post('/api/auth/reset-password', { schema: { body: resetPasswordRequest } }, async (request): Promise<MsgResponse> => {
    const { token, email, password } = request.body;
    const user = await findUserByEmail(app.db, email);
    if (!user || !(await consumeResetToken(app.db, user.id, token))) throw msgError(422, MSG.resetInvalid);
    await setPasswordHash(app.db, user.id, await hashPassword(password));
    await markEmailVerified(app.db, user.id); // the reset link proved the mailbox
    await revokeAllForUser(app.db, user.id);
    return { msg: MSG.passwordReset };
  });
}
