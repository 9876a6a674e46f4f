import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TwoFactorDeps } from '../../accounts/twoFactor.ts';
import type { SessionOrigin } from '../../accounts/sessions.ts';
import { accountAttemptPolicy } from '../../security/rateLimit.ts';
import { DEVICE_ID } from '../../risk/marks.ts';

// What the routes hand the account-security modules: the two-factor checks' services (the same
// rate limiter and sign-in policy as passwords) and where a sign-in came from.

export function twoFactorDeps(app: FastifyInstance): TwoFactorDeps {
  return { db: app.db, clock: app.clock, limiter: app.accounts.limiter, appSecret: app.config.appSecret, throttle: accountAttemptPolicy(app.accounts.settings.throttle) };
}

/** The device and address of a sign-in, as the sessions list and the new-device mail show them, and the browser's device id. */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  const userAgent = request.headers['user-agent'];
  const device = request.headers['x-device-id'];
  return { userAgent: (typeof userAgent === 'string' ? userAgent : '').slice(0, 512), address: request.ip, device: typeof device === 'string' && DEVICE_ID.test(device) ? device : null };
}
