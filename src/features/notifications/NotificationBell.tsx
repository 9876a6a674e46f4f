import { Bell } from 'lucide-react';
import { useNotifications } from './notificationsStore.ts';
import { NOTIFICATIONS_TOGGLE } from './notificationToggle.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** The header's bell (desktop): the unread count the server last answered, and the panel's toggle. */
export function NotificationBell() {
  const unread = useNotifications((s) => s.unread);
  const open = useNotifications((s) => s.open);
  const toggle = useNotifications((s) => s.toggle);
  return (
    <button type="button" className="icon-button notification-bell header__desktop" aria-label={unread > 0 ? t('notificationsUnread', { count: unread }) : t('notifications')} aria-expanded={open} onClick={toggle} {...{ [NOTIFICATIONS_TOGGLE]: '' }}>
      <Bell size={20} aria-hidden />
      {unread > 0 && <UnreadBadge count={unread} />}
    </button>
  );
}

/** The unread count on the bell and on the phone's Profile entry. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="unread-badge" data-testid="unread-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
