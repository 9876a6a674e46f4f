import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual, sign } from '../signedUrls.ts';
import { readCookie } from '../../http/cookies.ts';

// The social sign-in state is bound to the browser that started it: a random value goes to the
// provider and, signed with APP_SECRET, into an HttpOnly cookie. The return is accepted only when
// the state it carries equals the cookie's (login CSRF protection).

export const STATE_COOKIE = 'social_state';
const MAX_AGE_SECONDS = 600;

export function startState(reply: FastifyReply, secret: string, provider: string, secure: boolean): string {
  const state = randomBytes(24).toString('base64url');
  const value = `${provider}.${state}.${sign(secret, `social-state:${provider}:${state}`)}`;
  const flags = [`${STATE_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${MAX_AGE_SECONDS}`];
  if (secure) flags.push('Secure');
  reply.header('set-cookie', flags.join('; '));
  return state;
}

/** True when the cookie is ours, for this provider, and holds exactly this state. */
export function checkState(request: FastifyRequest, secret: string, provider: string, state: string | undefined): boolean {
  const cookie = readCookie(request, STATE_COOKIE);
  if (!cookie || !state) return false;
  const [p, s, sig] = cookie.split('.');
  if (!p || !s || !sig || p !== provider) return false;
  return safeEqual(sig, sign(secret, `social-state:${provider}:${s}`)) && safeEqual(s, state);
}

export function clearState(reply: FastifyReply): void {
  reply.header('set-cookie', `${STATE_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
}
