import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { apiErrorText } from '../../api/http.ts';
import { formatDateTime } from '../../format/format.ts';
import { notificationText, type PlayerNotification } from '../../../core/protocol/notificationEvents.ts';
import { useNotifications } from './notificationsStore.ts';
import './notifications.css';

/**
 * The player's notifications, newest first, as the server answered them: an unread one is marked,
 * and choosing one marks it read and opens its page (when it has one).
 */
export function NotificationList({ items, onOpen }: { items: PlayerNotification[]; onOpen?(): void }) {
  const navigate = useNavigate();
  const markRead = useNotifications((s) => s.markRead);
  if (items.length === 0) return <p className="notifications__empty">Nothing yet. Tips, rain, prizes, deliveries and answers from support arrive here.</p>;
  const choose = (n: PlayerNotification) => {
    if (!n.read) markRead([n.id]).catch((e: unknown) => toast.error(apiErrorText(e)));
    const { link } = notificationText(n);
    if (link) {
      onOpen?.();
      void navigate(link);
    }
  };
  return (
    <ul className="notifications__list">
      {items.map((n) => {
        const text = notificationText(n);
        return (
          <li key={n.id}>
            <button type="button" className={`notifications__item${n.read ? '' : ' notifications__item--unread'}`} onClick={() => choose(n)} data-kind={n.kind}>
              <span className="notifications__title">{text.title}</span>
              <span className="notifications__body">{text.body}</span>
              <time className="notifications__time" dateTime={n.created_at}>
                {formatDateTime(n.created_at)}
              </time>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** "Mark all as read", shown while any is unread. */
export function MarkAllRead() {
  const unread = useNotifications((s) => s.unread);
  const markRead = useNotifications((s) => s.markRead);
  if (unread === 0) return null;
  return (
    <button type="button" className="btn btn--ghost btn--small" onClick={() => markRead().catch((e: unknown) => toast.error(apiErrorText(e)))}>
      Mark all as read
    </button>
  );
}
