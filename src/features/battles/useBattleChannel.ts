import { useRef, useState } from 'react';
import type { BattleEvents } from '../../../core/protocol/battle.ts';
import { BATTLE_EVENTS } from '../../../core/protocol/battleEvents.ts';
import { useChannel } from '../../realtime/useChannel.ts';

type Handler = <E extends keyof BattleEvents>(event: E, data: BattleEvents[E]) => void;

/**
 * Every battle event of `channel` (`battle-{id}` or the list channel) to `onEvent`, while mounted;
 * `resync` loads the battle (or the list) again once the channel is subscribed (src/realtime/useChannel.ts).
 */
export function useBattleChannel(channel: string | null, onEvent: Handler, resync?: () => void): void {
  // The handlers are made once: each reaches the latest render's `onEvent` (useChannel binds once too).
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const [handlers] = useState(() => Object.fromEntries(BATTLE_EVENTS.map((event) => [event, (data: never) => latest.current(event, data)])));
  useChannel(channel, handlers, resync);
}
