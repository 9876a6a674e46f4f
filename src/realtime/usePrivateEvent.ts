import { useEffect, useRef } from 'react';
import { privateUserChannel } from '../../core/protocol/realtime.ts';
import { useRealtime } from './realtimeStore.ts';
import { useSession } from '../stores/session.ts';

// Calls `listener` with each `event` of the signed-in player's private channel while the caller is
// mounted. The channel itself is the RealtimeBridge's: this binds one more listener and unbinds
// only it (the open cashier's deposit notices, a game page's bet links).
export function usePrivateEvent<T>(event: string, listener: (data: T) => void): void {
  const pusher = useRealtime((s) => s.pusher);
  const userId = useSession((s) => s.user?.id ?? null);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!pusher || userId === null) return;
    const channel = pusher.channel(privateUserChannel(userId)) ?? pusher.subscribe(privateUserChannel(userId));
    const bound = (data: T) => latest.current(data);
    channel.bind(event, bound);
    return () => {
      channel.unbind(event, bound);
    };
  }, [pusher, userId, event]);
}
