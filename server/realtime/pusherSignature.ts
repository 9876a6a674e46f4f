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

export { CHANNEL_NAME_PATTERN, SOCKET_ID_PATTERN } from '../../core/protocol/realtimeSchemas.ts';
