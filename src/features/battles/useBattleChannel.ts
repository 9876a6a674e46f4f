import type { BattleEvents } from '../../../core/protocol/battle.ts';
import { BATTLE_EVENTS } from '../../../core/protocol/battleEvents.ts';
import { useChannel } from '../../realtime/useChannel.ts';

type Handler = <E extends keyof BattleEvents>(event: E, data: BattleEvents[E]) => void;

/**
 * Every battle event of `channel` (`battle-{id}` or the list channel) to `onEvent`, while mounted;
 * `resync` loads the battle (or the list) again once the channel is subscribed (src/realtime/useChannel.ts).
 */
export function useBattleChannel(channel: string | null, onEvent: Handler, resync?: () => void): void {
  useChannel(channel, Object.fromEntries(BATTLE_EVENTS.map((event) => [event, (data: never) => onEvent(event, data)])), resync);
}
