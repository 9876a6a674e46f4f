import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oauthErrors } from '../accounts/oauthErrors.ts';
import { rotateRefreshToken } from '../accounts/tokens.ts';
import { revokeIfLocked } from '../accounts/accountLocks.ts';
import { findUserByEmail } from '../accounts/users.ts';
import { decoyHash, verifyPassword } from '../accounts/passwords.ts';
import { safeEqual } from '../accounts/signedUrls.ts';
import { socialProfileFromToken } from '../accounts/social/socialSignIn.ts';
import { userForSocialProfile } from '../accounts/social/socialAccounts.ts';
import { rewardInvitee } from '../referrals/invitations.ts';
import { trackingToken } from '../tracking/trackingLinks.ts';
import { clearAttempts, loginAccountKey, takePasswordAttempt } from '../security/rateLimit.ts';
import { captchaRequired, countFailure } from '../security/loginFailures.ts';
import { CAPTCHA_FIELD } from '../captcha/captcha.ts';
import { type TokenResponse } from '../../core/protocol/auth.ts';
import { TWO_FACTOR_MESSAGES, type TwoFactorChallenge } from '../../core/protocol/accountSecurity.ts';
import { challengeOwner, completeSignIn, consumeChallenge, openSession, type SignInStep } from '../accounts/signIn.ts';
import { checkCode } from '../accounts/twoFactor.ts';
import { fieldError } from '../http/errors.ts';
import { sessionOrigin, twoFactorDeps } from './api/accountSecurityDeps.ts';
import { route } from '../http/route.ts';
import { routes } from '../../core/protocol/routeTable.ts';

// POST /oauth/token (docs/accounts.md, Laravel Passport wire format): grants password, refresh_token
// and social for the first-party client (social takes only the signed value /social/handle answered,
// never a provider's token). Body as JSON or form. Password attempts are counted per
// account and per address before the password is checked; over the limit the answer is 429 with
// Retry-After until the window ends, whether or not the password is right (docs/security.md).
// With LOGIN_CAPTCHA_PROVIDER set, an account or address with too many failed passwords must send
// a solved captcha as g-recaptcha-response; the answer says so with `captcha_required: true`.
// A player with two-factor sign-in on gets no tokens from the password or social grant: the answer
// is `{two_factor_required: true, two_factor_token, expires_in}`, and grant_type two_factor with
// that token and a code (`code`: TOTP or a recovery code) opens the session. A wrong code is a 422
// on `code`; the challenge stays usable until it expires, the code attempts are throttled per player.

type Params = Record<string, unknown>;
const param = (body: Params, name: string): string | undefined => (typeof body[name] === 'string' ? (body[name] as string) : undefined);

export default async function oauthRoutes(app: FastifyInstance) {
  const services = app.accounts;
  const { config } = app;
  const ttl = { access: config.oauth.accessTokenTtl, refresh: config.oauth.refreshTokenTtl };
  const signIn = { db: app.db, mailer: services.mailer, publicUrl: config.publicUrl, clientId: config.oauth.clientId, ttl, appSecret: config.appSecret };
  const secondFactor = twoFactorDeps(app);

  function checkClient(body: Params): void {
    const clientId = param(body, 'client_id');
    if (!clientId) throw oauthErrors.invalidRequest('client_id');
    const secret = param(body, 'client_secret') ?? '';
    if (!safeEqual(clientId, config.oauth.clientId) || !safeEqual(secret, config.oauth.clientSecret)) throw oauthErrors.invalidClient();
    const scope = (param(body, 'scope') ?? '').trim();
    for (const s of scope.split(/\s+/).filter(Boolean)) if (s !== '*') throw oauthErrors.invalidScope(s);
  }

  async function passwordGrant(request: FastifyRequest, body: Params): Promise<SignInStep> {
    const username = param(body, 'username')?.trim().toLowerCase();
    if (!username) throw oauthErrors.invalidRequest('username');
    const password = param(body, 'password');
    if (!password) throw oauthErrors.invalidRequest('password');

    const { limiter, settings } = services;
    const { throttle } = settings;
    await takePasswordAttempt(limiter, throttle, username, request.ip);

    // The challenge after failed passwords (when configured): solved before the password is checked.
    const challenge = services.loginCaptcha;
    const failures = { accountAfter: settings.loginCaptcha.afterFailures, addressAfter: settings.loginCaptcha.addressAfterFailures, windowSeconds: throttle.loginMaxLockoutSeconds };
    if (challenge && (await captchaRequired(limiter, failures, username, request.ip))) {
      if (!(await challenge.verify(param(body, CAPTCHA_FIELD) ?? '', 'login', request.ip))) throw oauthErrors.captchaRequired();
    }

    const user = await findUserByEmail(app.db, username);
    // Unknown emails and password-less (social) accounts verify against a decoy hash: same cost.
    const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
    if (!user || !user.password_hash || !ok) throw oauthErrors.invalidCredentials(challenge ? await countFailure(limiter, failures, username, request.ip) : false);
    await clearAttempts(limiter, loginAccountKey(username));
    return completeSignIn(signIn, user.id, sessionOrigin(request));
  }

  async function refreshGrant(body: Params): Promise<SignInStep> {
    const refreshToken = param(body, 'refresh_token');
    if (!refreshToken) throw oauthErrors.invalidRequest('refresh_token');
    const result = await rotateRefreshToken(app.db, refreshToken, config.oauth.clientId, ttl);
    if (result.ok) {
      // Locking revokes the refresh tokens too; this closes a rotation that ran while the lock was written.
      await revokeIfLocked(app.db, result.userId, result.pair.familyId);
      return { kind: 'tokens', pair: result.pair };
    }
    const hints = { unknown: 'Cannot decrypt the refresh token', expired: 'Token has expired', revoked: 'Token has been revoked', reused: 'Token has been revoked' } as const;
    throw oauthErrors.invalidRefreshToken(hints[result.reason]);
  }

  async function socialGrant(request: FastifyRequest, body: Params): Promise<SignInStep> {
    const provider = param(body, 'provider');
    if (!provider || !config.socialProviders.includes(provider)) throw oauthErrors.invalidRequest('provider');
    const accessToken = param(body, 'access_token');
    if (!accessToken) throw oauthErrors.invalidRequest('access_token');
    const profile = socialProfileFromToken(config, provider, accessToken);
    if (!profile) throw oauthErrors.invalidCredentials();
    const userId = await userForSocialProfile(app.db, app.wallet, app.killSwitches, provider, profile, { ref: param(body, 'ref'), trackingLink: trackingToken(request), termsAccepted: body.terms === true || body.terms === 'true' });
    // A provider that vouches for the email verifies it: a new invited player, or a linked one, qualifies now.
    await rewardInvitee(app.wallet, config.referrals.inviteeRewardCents, userId);
    return completeSignIn(signIn, userId, sessionOrigin(request));
  }

  async function twoFactorGrant(request: FastifyRequest, body: Params): Promise<SignInStep> {
    const challenge = param(body, 'two_factor_token');
    if (!challenge) throw oauthErrors.invalidRequest('two_factor_token');
    const userId = await challengeOwner(app.db, challenge);
    if (userId === null) throw oauthErrors.invalidChallenge(TWO_FACTOR_MESSAGES.challengeInvalid);
    const code = param(body, 'code')?.trim();
    if (!code) throw fieldError('code', TWO_FACTOR_MESSAGES.codeRequired);
    if (!(await checkCode(secondFactor, userId, code))) throw fieldError('code', TWO_FACTOR_MESSAGES.codeInvalid);
    if (!(await consumeChallenge(app.db, challenge))) throw oauthErrors.invalidChallenge(TWO_FACTOR_MESSAGES.challengeInvalid);
    return { kind: 'tokens', pair: await openSession(signIn, userId, sessionOrigin(request)) };
  }

  // The body is read by hand (JSON or form, Passport's parameters); only the answer has a schema.
  route(app, routes.oauthToken, {}, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Params;
    const grant = param(body, 'grant_type');
    const handlers: Record<string, () => Promise<SignInStep>> = {
      password: () => passwordGrant(request, body),
      refresh_token: () => refreshGrant(body),
      social: () => socialGrant(request, body),
      two_factor: () => twoFactorGrant(request, body),
    };
    const handler = grant ? handlers[grant] : undefined;
    if (!handler) throw oauthErrors.unsupportedGrantType();
    checkClient(body);
    const step = await handler();
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (step.kind === 'two_factor') {
      const challenge: TwoFactorChallenge = { two_factor_required: true, two_factor_token: step.token, expires_in: step.expiresIn };
      return challenge;
    }
    const { pair } = step;
    const answer: TokenResponse = { token_type: 'Bearer', expires_in: pair.expiresIn, access_token: pair.accessToken, refresh_token: pair.refreshToken };
    return answer;
  });
}
