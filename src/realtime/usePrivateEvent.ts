import { privateUserChannel } from '../../core/protocol/realtime.ts';
import { useSession } from '../stores/session.ts';
import { useChannel } from './useChannel.ts';

// Calls `listener` with each `event` of the signed-in player's private channel while the caller is
// mounted (the open cashier's deposit notices, a game page's bet links). The subscription is shared
// with the RealtimeBridge's (src/realtime/useChannel.ts): this adds one listener and takes only it away.
export function usePrivateEvent<T>(event: string, listener: (data: T) => void): void {
  const userId = useSession((s) => s.user?.id ?? null);
  useChannel(userId === null ? null : privateUserChannel(userId), { [event]: listener as (data: never) => void });
}
