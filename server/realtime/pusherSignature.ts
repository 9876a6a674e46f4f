import { createHmac, timingSafeEqual } from 'node:crypto';

// Channel authorization of the Pusher protocol: auth = `${key}:${hex}` where hex is the
// HMAC-SHA256 of `${socket_id}:${channel_name}` with the app secret.

export function channelSignature(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
}

/** Constant-time check of a client's `auth` (the comparison time does not reveal the prefix that matched). */
export function validChannelSignature(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(channelSignature(key, secret, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Socket ids look like `123.456` (pusher-js and Laravel validate that shape). */
export const SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;
/** Channel names allowed by the protocol. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
