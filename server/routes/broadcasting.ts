import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import { requireUserId } from '../plugins/auth.ts';
import { ChannelAuthResponseSchema } from '../../core/protocol/realtimeSchemas.ts';
import { CHANNEL_NAME_PATTERN, SOCKET_ID_PATTERN, channelSignature } from '../realtime/pusherSignature.ts';

// Channel authorization for pusher-js (Laravel's POST /broadcasting/auth): the bearer token says
// who asks; `private-users.{id}` is granted only to that user, written canonically (no leading
// zeros, signs, spaces or decimals), so one channel name maps to exactly one player.

const Body = z.object({
  socket_id: z.string().regex(SOCKET_ID_PATTERN, 'The socket id is invalid.'),
  channel_name: z.string().regex(CHANNEL_NAME_PATTERN, 'The channel name is invalid.'),
});

const USER_CHANNEL = /^private-users\.([1-9][0-9]{0,15})$/;

function forbidden(): HttpError {
  return new HttpError(403, { message: 'This action is unauthorized.' });
}

/** The user a private channel belongs to, or null when the name is not a canonical user channel. */
export function userIdOfChannel(channel: string): number | null {
  const match = USER_CHANNEL.exec(channel);
  return match?.[1] ? Number(match[1]) : null;
}

export default async function broadcastingRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/broadcasting/auth',
    { onRequest: app.authenticate, schema: { body: Body, response: { 200: ChannelAuthResponseSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      const { socket_id, channel_name } = request.body;
      if (userIdOfChannel(channel_name) !== userId) throw forbidden();
      return { auth: channelSignature(app.config.pusher.key, app.config.pusher.secret, socket_id, channel_name) };
    },
  );
}
