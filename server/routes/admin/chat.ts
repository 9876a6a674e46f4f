import type { FastifyInstance } from 'fastify';
import { utcText } from '../../../core/text/dates.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../admin/guard.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { chatSettings } from '../../chat/chat.ts';
import { setChatSwitch } from '../../killSwitches/chatSwitch.ts';
import { tipSettings, tipSettingsWire, updateTipSettings } from '../../chat/tips.ts';
import { rainSettings, rainSettingsWire, updateRainSettings } from '../../chat/rain.ts';
import { banPlayer, clearRecent, consoleRoom, deleteMessage, dismissReport, mutePlayer, openReports, setSlowMode, settingsWire, unmutePlayer, updateSettings } from '../../chat/moderation.ts';

// The console's chat (docs/community.md, "Chat"): moderators (and operators, admins) work the report
// queue, delete, mute, ban, clear, set slow mode and pull the chat's kill switch (server/killSwitches/chatSwitch.ts); the gates and the word
// lists are admin settings. Every change is audited in its own transaction (server/chat/moderation.ts).

export default async function adminChatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { db: root.db, bus: root.bus, clock: root.clock };
  const moderator = { config: { staffRole: 'moderator' as const } };
  route(app, routes.adminChatReports, moderator, async () => ({ data: await openReports(root.db) }));
  route(app, routes.adminChatRoom, moderator, async (request) => ({ data: await consoleRoom(root.db, request.params.room, root.killSwitches.offMessage('chat') === null) }));
  route(app, routes.adminChatReportDismiss, moderator, async (request) => {
    await dismissReport(root.db, actorOf(request), request.params.id);
    return { message: 'Report dismissed.' };
  });
  route(app, routes.adminChatDelete, moderator, async (request) => {
    await deleteMessage(deps, actorOf(request), request.params.id);
    return { message: 'Message deleted.' };
  });
  route(app, routes.adminChatMute, moderator, async (request) => {
    const until = await mutePlayer(deps, actorOf(request), request.params.id, request.body.minutes, request.body.reason);
    return { message: `Muted until ${utcText(until)}.` };
  });
  route(app, routes.adminChatUnmute, moderator, async (request) => {
    await unmutePlayer(deps, actorOf(request), request.params.id);
    return { message: 'Mute lifted.' };
  });
  route(app, routes.adminChatBan, moderator, async (request) => {
    await banPlayer(deps, actorOf(request), request.params.id, request.body.banned, request.body.reason);
    return { message: request.body.banned ? 'Banned from chat.' : 'Chat ban lifted.' };
  });
  route(app, routes.adminChatClear, moderator, async (request) => {
    const n = await clearRecent(deps, actorOf(request), request.params.id);
    return { message: `${n} message${n === 1 ? '' : 's'} cleared.` };
  });
  route(app, routes.adminChatSlowMode, moderator, async (request) => {
    await setSlowMode(root.db, actorOf(request), request.params.room, request.body.slow_mode_seconds);
    return { message: request.body.slow_mode_seconds === 0 ? 'Slow mode off.' : `Slow mode: one message per ${request.body.slow_mode_seconds} s.` };
  });
  route(app, routes.adminChatSwitch, moderator, async (request) => {
    await setChatSwitch(root, actorOf(request), request.body.enabled);
    return { message: request.body.enabled ? 'Chat opened.' : 'Chat closed.' };
  });
  route(app, routes.adminChatSettings, moderator, async () => ({ data: settingsWire(await chatSettings(root.db)) }));
  route(app, routes.adminChatSettingsSet, { config: { staffRole: 'admin' } }, async (request) => ({ data: await updateSettings(root.db, actorOf(request), request.body) }));
  route(app, routes.adminTipSettings, moderator, async () => ({ data: tipSettingsWire(await tipSettings(root.db)) }));
  route(app, routes.adminTipSettingsSet, { config: { staffRole: 'admin' } }, async (request) => ({ data: await updateTipSettings(root.db, actorOf(request), request.body) }));
  route(app, routes.adminRainSettings, moderator, async () => ({ data: rainSettingsWire(await rainSettings(root.db)) }));
  route(app, routes.adminRainSettingsSet, { config: { staffRole: 'admin' } }, async (request) => ({ data: await updateRainSettings(root.db, actorOf(request), request.body) }));
}
