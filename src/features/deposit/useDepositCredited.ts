import { useEffect, useRef } from 'react';
import { DEPOSIT_CREDITED_EVENT, type DepositCreditedNotice } from '../../../core/protocol/depositEvents.ts';
import { privateUserChannel } from '../../../core/protocol/realtime.ts';
import { useRealtime } from '../../realtime/realtimeStore.ts';
import { useSession } from '../../stores/session.ts';

// Calls `onCredited` with each `depositCredited` notice of the signed-in player's private channel
// while the caller is mounted (the open cashier's crypto address). The channel itself is the
// RealtimeBridge's: this binds one more listener and unbinds only it.
export function useDepositCredited(onCredited: (notice: DepositCreditedNotice) => void): void {
  const pusher = useRealtime((s) => s.pusher);
  const userId = useSession((s) => s.user?.id ?? null);
  const latest = useRef(onCredited);
  latest.current = onCredited;
  useEffect(() => {
    if (!pusher || userId === null) return;
    const channel = pusher.channel(privateUserChannel(userId)) ?? pusher.subscribe(privateUserChannel(userId));
    const listener = (notice: DepositCreditedNotice) => latest.current(notice);
    channel.bind(DEPOSIT_CREDITED_EVENT, listener);
    return () => {
      channel.unbind(DEPOSIT_CREDITED_EVENT, listener);
    };
  }, [pusher, userId]);
}
