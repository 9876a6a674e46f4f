import { act, renderHook } from '@testing-library/react';
import Pusher from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdChannel, SUBSCRIBED_EVENT, useChannel } from '../../src/realtime/useChannel.ts';
import { useRealtime } from '../../src/realtime/realtimeStore.ts';

// The page's parts share pusher-js's one Channel per name: the battle page and the header's Back to
// Battle hear one battle, and leaving the page must not take the header's listener with it. A real
// pusher-js client, never connected (nothing here needs the server: its events are emitted on the
// channel as pusher-js's connection would).

let pusher: Pusher;
beforeEach(() => {
  pusher = new Pusher('shop-key', { cluster: 'eu', wsHost: '127.0.0.1', wsPort: 9, forceTLS: false, enabledTransports: ['ws'], disableStats: true });
  pusher.disconnect();
  useRealtime.setState({ pusher });
});
afterEach(() => {
  useRealtime.setState({ pusher: null });
  pusher.disconnect();
});

describe('shared channels', () => {
  it('keeps a channel while any holder holds it and leaves it with the last', () => {
    const first = holdChannel(pusher, 'battle-7');
    const second = holdChannel(pusher, 'battle-7');
    expect(second.channel).toBe(first.channel);
    first.release();
    first.release(); // a second release of one hold changes nothing
    expect(pusher.channel('battle-7')).toBe(first.channel);
    second.release();
    expect(pusher.channel('battle-7')).toBeUndefined();
  });

  it('takes only the unmounted part\'s listener away, and calls each resync on a confirmed subscription', () => {
    const heard: string[] = [];
    let resyncs = 0;
    const page = renderHook(() => useChannel('battle-7', { battleEnded: () => heard.push('page') }, () => (resyncs += 1)));
    const header = renderHook(() => useChannel('battle-7', { battleEnded: () => heard.push('header') }));
    const channel = pusher.channel('battle-7');
    act(() => void channel.emit(SUBSCRIBED_EVENT, {}));
    expect(resyncs).toBe(1);
    page.unmount();
    act(() => void channel.emit('battleEnded', {}));
    expect(heard).toEqual(['header']);
    expect(pusher.channel('battle-7')).toBe(channel);
    header.unmount();
    expect(pusher.channel('battle-7')).toBeUndefined();
  });

  it('reaches the latest render\'s handler, and moves to a new channel when the name changes', () => {
    const heard: string[] = [];
    const hook = renderHook(({ name, tag }) => useChannel(name, { message: () => heard.push(tag) }), { initialProps: { name: 'chat-en', tag: 'a' } });
    hook.rerender({ name: 'chat-en', tag: 'b' });
    act(() => void pusher.channel('chat-en').emit('message', {}));
    hook.rerender({ name: 'chat-de', tag: 'c' });
    expect(pusher.channel('chat-en')).toBeUndefined();
    act(() => void pusher.channel('chat-de').emit('message', {}));
    expect(heard).toEqual(['b', 'c']);
    hook.unmount();
  });
});
