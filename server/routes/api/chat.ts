import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { CHAT_BODY_LIMIT, CHAT_MSG } from '../../../core/protocol/chat.ts';
import { ignoreList, postMessage, reportMessage, roomState, setIgnored } from '../../chat/chat.ts';
import { sendTip } from '../../chat/tips.ts';
import { joinRain, rainState, tipRain } from '../../chat/rain.ts';
import { RAIN_MSG } from '../../../core/protocol/rain.ts';
import { TIP_MSG } from '../../../core/protocol/tips.ts';
import { centsToCoins, formatCoins } from '../../../core/money/cents.ts';

// The players' chat (docs/community.md, "Chat"): a room for anyone (guests read), posting for
// players who pass the gates, reports and the ignore list of the signed-in player. A posted body is
// capped at CHAT_BODY_LIMIT bytes before it is parsed, so a 1 MB message costs no parsing.

export default async function chatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { db: root.db, bus: root.bus, clock: root.clock, killSwitches: root.killSwitches };
  // The online count is the realtime server's (attached after the routes, read at request time).
  route(app, routes.chatRoom, {}, async (request) => ({ data: await roomState(deps, request.params.room, request.userId ?? null, root.realtime.online.current()) }));
  route(app, routes.chatPost, { onRequest: root.authenticate, bodyLimit: CHAT_BODY_LIMIT, config: { killSwitch: 'chat' } }, async (request) => ({
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
  // A tip moves coins to another player: with two-factor sign-in on, a code is required.
  route(app, routes.chatTip, { onRequest: root.authenticate, config: { secondFactor: true, killSwitch: 'tips' } }, async (request) => {
    const tip = await sendTip({ ...deps, wallet: root.wallet }, request.userId ?? null, request.body);
    return { msg: TIP_MSG.sent(tip.to.name, formatCoins(tip.amount)), data: tip };
  });
  route(app, routes.chatRain, {}, async (request) => ({ data: await rainState(root.db, request.userId ?? null) }));
  route(app, routes.chatRainJoin, { onRequest: root.authenticate, config: { killSwitch: 'rain' } }, async (request) => {
    await joinRain({ db: root.db, clock: root.clock, captcha: root.accounts.captcha }, request.userId ?? null, request.body['g-recaptcha-response'], request.ip);
    return { message: RAIN_MSG.joined };
  });
  // A tip into the rain moves coins out of the player's hands too: the second factor as for a tip.
  route(app, routes.chatRainTip, { onRequest: root.authenticate, config: { secondFactor: true, killSwitch: 'rain' } }, async (request) => {
    const pot = await tipRain({ db: root.db, wallet: root.wallet, clock: root.clock }, request.userId ?? null, request.body.amount);
    return { msg: RAIN_MSG.tipped(formatCoins(request.body.amount)), data: { pot: centsToCoins(pot) } };
  });
}
