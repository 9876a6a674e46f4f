import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { CHAT_BODY_LIMIT, CHAT_MSG } from '../../../core/protocol/chat.ts';
import { ignoreList, postMessage, reportMessage, roomState, setIgnored } from '../../chat/chat.ts';

// The players' chat (docs/community.md, "Chat"): a room for anyone (guests read), posting for
// players who pass the gates, reports and the ignore list of the signed-in player. A posted body is
// capped at CHAT_BODY_LIMIT bytes before it is parsed, so a 1 MB message costs no parsing.

export default async function chatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { db: root.db, bus: root.bus, clock: root.clock };
  route(app, routes.chatRoom, {}, async (request) => ({ data: await roomState(deps, request.params.room, request.userId ?? null) }));
  route(app, routes.chatPost, { onRequest: root.authenticate, bodyLimit: CHAT_BODY_LIMIT }, async (request) => ({
    data: await postMessage(deps, request.userId, request.params.room, request.body.text),
  }));
  route(app, routes.chatReport, { onRequest: root.authenticate }, async (request) => {
    await reportMessage(root.db, request.userId, request.params.id, request.body.reason);
    return { message: CHAT_MSG.reported };
  });
  route(app, routes.chatIgnores, { onRequest: root.authenticate }, async (request) => ({ data: await ignoreList(root.db, request.userId!) }));
  route(app, routes.chatIgnore, { onRequest: root.authenticate }, async (request) => {
    await setIgnored(root.db, request.userId!, request.body.user_id, request.body.ignored);
    return { data: await ignoreList(root.db, request.userId!) };
  });
}
