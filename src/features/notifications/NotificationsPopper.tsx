import { useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { useNotifications } from './notificationsStore.ts';
import { NOTIFICATIONS_TOGGLE } from './notificationToggle.ts';
import { usePopperDismiss } from '../../app/usePopperDismiss.ts';
import { MarkAllRead, NotificationList } from './NotificationList.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The bell's panel (docs/community.md, "Notifications"): the newest notifications, Mark all as read
// and the way to the whole page. Escape and a press outside close it, as the cart's does.
export default function NotificationsPopper() {
  const items = useNotifications((s) => s.items);
  const close = useNotifications((s) => s.close);
  const panel = useRef<HTMLDivElement>(null);
  usePopperDismiss(true, panel, NOTIFICATIONS_TOGGLE, close);
  return (
    <div className="notifications-popper" ref={panel} role="dialog" aria-label={t('notifications')}>
      <div className="notifications__head">
        <h2>{t('notifications')}</h2>
        <MarkAllRead />
      </div>
      {items === null ? <Spinner /> : <NotificationList items={items.slice(0, 8)} onOpen={close} />}
      <Link to="/profile/notifications" className="notifications__all" onClick={close}>
        {t('allNotifications')}
      </Link>
    </div>
  );
}
