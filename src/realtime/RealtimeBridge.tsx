import { useEffect } from 'react';
import { SUPPORT_REPLY_EVENT, type SupportReplyNotice } from '../../core/protocol/supportEvents.ts';
import { TIP_EVENT, type TipNotice } from '../../core/protocol/tipEvents.ts';
import { NOTIFICATION_EVENT } from '../../core/protocol/notificationNotice.ts';
import type { NotificationNotice } from '../../core/protocol/notificationEvents.ts';
import { useNotifications } from '../features/notifications/notificationsStore.ts';
import { useSupportNotices } from '../features/support/supportNotices.ts';
import { BALANCE_UPDATED_EVENT, DROPS_CHANNEL, LAST_DROP_EVENT, privateUserChannel, type BalanceNotification, type Drop } from '../../core/protocol/realtime.ts';
import type { LeaderboardPrizeEvent } from '../../core/protocol/rewards.ts';
import { call } from '../api/call.ts';
import { lastDrops } from '../../core/protocol/routes/shell.ts';
import { publicConfig } from '../api/publicConfig.ts';
import { useBalance } from '../stores/balance.ts';
import { toast } from '../components/toast.tsx';
import { formatCoins } from '../format/format.ts';
import { startDropsFeed, FEED_SIZE } from '../features/drops/dropsFeed.ts';
import { useSession } from '../stores/session.ts';
import { useRealtime } from './realtimeStore.ts';
import { holdChannel, SUBSCRIBED_EVENT, useChannel } from './useChannel.ts';

// Mounted once by the root layout: opens the main socket, feeds the live drops, and routes the
// signed-in player's balanceUpdated through the animation hold rule. Renders nothing.
export function RealtimeBridge() {
  const userId = useSession((s) => s.user?.id ?? null);

  useEffect(() => {
    let cancelled = false;
    const feed = startDropsFeed();
    // The list is asked for at once (the feed is part of the page's first picture) and again whenever
    // the drops' subscription is made: what was published before it (a slow socket, a reconnection)
    // would otherwise never reach this page. The answer to the latest ask wins.
    let asked = 0;
    const loadFeed = () => {
      const ask = ++asked;
      call(lastDrops, { query: { limit: FEED_SIZE } }).then(
        (res) => !cancelled && ask === asked && feed.load(res.data),
        () => {}, // the feed fills from the socket anyway
      );
    };
    loadFeed();
    // pusher-js loads beside the config call, off every page's first download (pusherConnection.ts).
    Promise.all([publicConfig(), import('./pusherConnection.ts')]).then(
      ([config, { createPusher }]) => {
        if (cancelled) return;
        const connection = createPusher(config);
        // Held as long as the connection: the feed is the page's for its whole life.
        const { channel: drops } = holdChannel(connection, DROPS_CHANNEL);
        drops.bind(LAST_DROP_EVENT, (drop: Drop) => feed.receive(drop));
        drops.bind(SUBSCRIBED_EVENT, loadFeed);
        useRealtime.setState({ pusher: connection });
      },
      () => {},
    );
    return () => {
      cancelled = true;
      feed.stop();
      useRealtime.getState().pusher?.disconnect();
      useRealtime.setState({ pusher: null });
    };
  }, []);

  // The signed-in player's private channel. Its notices are asked again once it is subscribed: one
  // written between the bell's first load and the subscription is in that answer. Its balance needs
  // no asking: the server starts the channel with the balance as it stands (server/realtime/realtime.ts),
  // so a bet settled in between still moves the pages that follow it (the races' standings).
  useChannel(
    userId === null ? null : privateUserChannel(userId),
    {
      [BALANCE_UPDATED_EVENT]: (n: BalanceNotification) => useBalance.getState().receive({ coins: n.current_balance, version: n.version }),
      [SUPPORT_REPLY_EVENT]: (n: SupportReplyNotice) => {
        toast.info(`Support answered your ticket "${n.subject}"`);
        useSupportNotices.getState().bump();
      },
      // The recipient is told here; the sender's own page says it from the tip's answer.
      [TIP_EVENT]: (n: TipNotice) => {
        if (n.to.id === userId) toast.success(`${n.from.name} tipped you ${formatCoins(n.amount)} coins`);
      },
      leaderboardPrize: (n: LeaderboardPrizeEvent) => toast.success(`Weekly leaderboard (${n.metric === 'multiplier' ? 'best multiplier' : 'biggest wins'}): place ${n.rank}, you won ${formatCoins(n.prize)} coins`),
      [NOTIFICATION_EVENT]: (n: NotificationNotice) => useNotifications.getState().receive(n),
    },
    () => void useNotifications.getState().load().catch(() => {}),
  );

  // The notifications centre's list and count, asked as soon as a player is signed in (not after the
  // socket: the bell's count is part of the page's first picture); emptied when they sign out.
  useEffect(() => {
    if (userId === null) return;
    const notices = useNotifications.getState();
    notices.load().catch(() => {}); // the bell shows no count until the next notice
    return () => notices.clear();
  }, [userId]);

  return null;
}
