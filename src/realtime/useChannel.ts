import { useEffect, useRef } from 'react';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { useRealtime } from './realtimeStore.ts';

/** pusher-js's event on a channel once the server has confirmed its subscription (again after each reconnection). */
export const SUBSCRIBED_EVENT = 'pusher:subscription_succeeded';

// pusher-js keeps one Channel per name, and `unsubscribe` drops it for every part of the page that
// bound to it (the battle page and the header's Back to Battle hear the same battle; a game page's
// listeners and the bridge share the player's private channel): a channel is left only when the
// last part holding it lets go.
const holders = new WeakMap<Pusher, Map<string, number>>();

/** Subscribes to `name` (or joins the subscription already made) until `release`. */
export function holdChannel(pusher: Pusher, name: string): { channel: Channel; release(): void } {
  let counts = holders.get(pusher);
  if (!counts) holders.set(pusher, (counts = new Map()));
  const held = counts;
  held.set(name, (held.get(name) ?? 0) + 1);
  const channel = pusher.subscribe(name);
  let released = false;
  return {
    channel,
    release() {
      if (released) return;
      released = true;
      const left = (held.get(name) ?? 1) - 1;
      if (left > 0) held.set(name, left);
      else {
        held.delete(name);
        pusher.unsubscribe(name);
      }
    },
  };
}

type Handlers = Record<string, (data: never) => void>;

/**
 * Calls `handlers[event]` with each event of channel `name` while the caller is mounted (null: no
 * channel), and `resync` each time the server confirms the subscription. A page loads its state and
 * then subscribes (pusher-js and the socket come after the page's first answers): what was published
 * between the two, or while a dropped connection came back, reaches it only through `resync` loading
 * that state again. The answer to such a load can arrive after a newer event, so `resync`'s owner
 * keeps the newer of the two (docs/realtime.md, "Load, subscribe, load again"). A caller that joins a
 * subscription already confirmed (another part of the page made it) is not called: it mounted with
 * the socket there, so its own first load is newer than its binding.
 */
export function useChannel(name: string | null, handlers: Handlers, resync?: () => void): void {
  const pusher = useRealtime((s) => s.pusher);
  const latest = useRef({ handlers, resync });
  latest.current = { handlers, resync };
  useEffect(() => {
    if (!pusher || !name) return;
    const { channel, release } = holdChannel(pusher, name);
    // The events are those the first render named; each call reaches the latest render's handler.
    const binds = Object.keys(latest.current.handlers).map((event) => {
      const fn = (data: never) => latest.current.handlers[event]?.(data);
      channel.bind(event, fn);
      return [event, fn] as const;
    });
    const subscribed = () => latest.current.resync?.();
    channel.bind(SUBSCRIBED_EVENT, subscribed);
    return () => {
      for (const [event, fn] of binds) channel.unbind(event, fn);
      channel.unbind(SUBSCRIBED_EVENT, subscribed);
      release();
    };
  }, [pusher, name]);
}
