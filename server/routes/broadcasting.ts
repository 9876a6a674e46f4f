import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { requireUserId } from '../plugins/auth.ts';
import { channelSignature } from '../realtime/pusherSignature.ts';
import { userIdOfChannel } from '../realtime/bus.ts';
import { route } from '../http/route.ts';
import { routes } from '../../core/protocol/routeTable.ts';

// Channel authorization for pusher-js (Laravel's POST /broadcasting/auth): the bearer token says
// who asks; `private-users.{id}` is granted only to that user, written canonically
// (server/realtime/bus.ts), so one channel name maps to exactly one player.

function forbidden(): HttpError {
  return new HttpError(403, { message: 'This action is unauthorized.' });
}

export default async function broadcastingRoutes(app: FastifyInstance) {
  route(
    app,
    routes.broadcastingAuth,
    { onRequest: app.authenticate },
    async (request) => {
      const userId = requireUserId(request);
      const { socket_id, channel_name } = request.body;
      if (userIdOfChannel(channel_name) !== userId) throw forbidden();
      return { auth: channelSignature(app.config.pusher.key, app.config.pusher.secret, socket_id, channel_name) };
    },
  );
}
