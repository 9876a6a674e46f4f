import { useEffect, useRef } from 'react';
import type { BattleEvents } from '../../../core/protocol/battle.ts';
import { BATTLE_EVENTS } from '../../../core/protocol/battleEvents.ts';
import { useRealtime } from '../../realtime/realtimeStore.ts';

type Handler = <E extends keyof BattleEvents>(event: E, data: BattleEvents[E]) => void;

/** Every battle event of `channel` (`battle-{id}` or the list channel) to `onEvent`, while mounted. */
export function useBattleChannel(channel: string | null, onEvent: Handler): void {
  const pusher = useRealtime((s) => s.pusher);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!pusher || !channel) return;
    const sub = pusher.subscribe(channel);
    const binds = BATTLE_EVENTS.map((event) => {
      const fn = (data: never) => handler.current(event, data);
      sub.bind(event, fn);
      return [event, fn] as const;
    });
    return () => {
      for (const [event, fn] of binds) sub.unbind(event, fn);
      pusher.unsubscribe(channel);
    };
  }, [pusher, channel]);
}
