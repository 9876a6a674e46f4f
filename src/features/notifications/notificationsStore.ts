import { create } from 'zustand';
import { call } from '../../api/call.ts';
import { notifications, notificationsRead } from '../../../core/protocol/routes/notifications.ts';
import type { NotificationNotice, PlayerNotification } from '../../../core/protocol/notificationEvents.ts';

// The signed-in player's notifications (docs/community.md, "Notifications"): the list and the unread
// count are the server's answers (the list's, a mark's, or a live notice's), never counted here.
// Loaded when a player signs in (the realtime bridge), fed by the `notification` notices, emptied
// when they sign out. The shell's bell and the bottom bar read the count; the list is the panel's
// and /profile/notifications's.

interface Notifications {
  items: PlayerNotification[] | null;
  unread: number;
  /** The header's panel (its code loads the first time it opens). */
  open: boolean;
  toggle(): void;
  close(): void;
  load(): Promise<void>;
  receive(notice: NotificationNotice): void;
  /** Marks `ids` read (all without ids); answers the server's refusal as a rejection. */
  markRead(ids?: number[]): Promise<void>;
  clear(): void;
}

const settled = (data: { items: unknown[]; unread: number }) => ({ items: data.items as PlayerNotification[], unread: data.unread });

/** Notices received so far: a list answered after a notice may have been read before it. */
let heard = 0;

export const useNotifications = create<Notifications>((set) => ({
  items: null,
  unread: 0,
  open: false,
  toggle: () => set((s) => ({ open: !s.open })),
  close: () => set({ open: false }),
  // Loaded when a player signs in and again once their private channel is subscribed (the
  // realtime bridge); a load a notice overtook asks again, so the older count never stays.
  async load() {
    for (;;) {
      const before = heard;
      const { data } = await call(notifications, {});
      if (before === heard) return set(settled(data));
    }
  },
  receive(notice) {
    heard += 1;
    set((s) => ({
      unread: notice.unread,
      // A notice the list already holds (loaded after it was written) is not shown twice.
      items: s.items === null ? null : s.items.some((n) => n.id === notice.notification.id) ? s.items : [notice.notification, ...s.items],
    }));
  },
  async markRead(ids) {
    set(settled((await call(notificationsRead, { body: ids ? { ids } : {} })).data));
  },
  clear: () => set({ items: null, unread: 0, open: false }),
}));
