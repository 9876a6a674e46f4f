import { useEffect } from 'react';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useNotifications } from '../../features/notifications/notificationsStore.ts';
import { MarkAllRead, NotificationList } from '../../features/notifications/NotificationList.tsx';
import { PushSetting } from '../../features/notifications/PushSetting.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /profile/notifications (docs/community.md, "Notifications"): the player's notifications, asked
// again when the page opens; new ones arrive live at the top. Below, web push on this browser.
export default function NotificationsPage() {
  const items = useNotifications((s) => s.items);
  useEffect(() => {
    useNotifications.getState().load().catch((e: unknown) => toast.error(apiErrorText(e)));
  }, []);
  return (
    <section className="notifications-page">
      <div className="notifications__head">
        <h1>{t('navNotifications')}</h1>
        <MarkAllRead />
      </div>
      {items === null ? <Spinner /> : <NotificationList items={items} />}
      <PushSetting />
    </section>
  );
}
