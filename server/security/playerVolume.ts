import type { RateLimiter } from './rateLimit.ts';
import { takeAttempt } from './rateLimit.ts';

// How much a player may write in an hour (docs/security.md, "Volume"): support tickets, their
// messages and custom boxes (listed publicly) were unlimited, so one account could flood the
// operators' queue or the public box list (60 of each at once in hardening 2). Counted per player
// in the shared rate limiter (Redis with several nodes), before anything is written; the 429 says
// what the limit is. Generous for a person, small for a script.
export const PLAYER_HOURLY_VOLUME = {
  supportTicket: { limit: 5, what: 'support tickets' },
  supportMessage: { limit: 30, what: 'support messages' },
  customBox: { limit: 10, what: 'custom boxes' },
} as const;

export type VolumeKind = keyof typeof PLAYER_HOURLY_VOLUME;

export const volumeMessage = (kind: VolumeKind): string => `You can send at most ${PLAYER_HOURLY_VOLUME[kind].limit} ${PLAYER_HOURLY_VOLUME[kind].what} an hour. Please try again later.`;

/** Counts one of the player's writes of this kind; 429 with Retry-After once the hour holds the limit. */
export function takePlayerVolume(limiter: RateLimiter, kind: VolumeKind, userId: number): Promise<void> {
  return takeAttempt(limiter, `volume:${kind}:${userId}`, { limit: PLAYER_HOURLY_VOLUME[kind].limit, windowSeconds: 3600 }, volumeMessage(kind));
}
