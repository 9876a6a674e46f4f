import type { FastifyInstance } from 'fastify';
import type { Actor } from '../admin/audit.ts';
import { setKillSwitch } from './killSwitches.ts';

/**
 * The chat page's "Close the chat" / "Open the chat" (moderators and up, docs/community.md "Chat"):
 * the chat's kill switch, the one owner of whether the chat is open, keeping the message an admin
 * wrote for it. This node applies it before answering; the others on the bus message.
 */
export async function setChatSwitch(app: Pick<FastifyInstance, 'db' | 'bus' | 'killSwitches'>, actor: Actor, enabled: boolean): Promise<void> {
  await setKillSwitch(app.db, app.bus, actor, 'chat', { enabled });
  await app.killSwitches.reload();
}
