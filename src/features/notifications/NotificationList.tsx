import { useNavigate } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { formatDateTime, formatGroupedCoins } from '../../format/format.ts';
import { notificationText, type HarmMarker, type NotifiedCredit, type PlayerNotification } from '../../../core/protocol/notificationEvents.ts';
import { useNotifications } from './notificationsStore.ts';
import './notifications.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

type Key = keyof typeof messages;

const CREDIT_TITLES: Record<NotifiedCredit, Key> = {
  deposit: 'creditDeposit',
  tip_received: 'creditTipReceived',
  rain_share: 'creditRainShare',
  race_prize: 'creditRacePrize',
  leaderboard_prize: 'creditLeaderboardPrize',
  challenge_prize: 'creditChallengePrize',
  crypto_withdrawal_refund: 'creditWithdrawalRefund',
  bonus_credit: 'creditBonus',
  manual_adjustment: 'creditManual',
};

const WELLBEING_LINES: Record<HarmMarker, Key> = {
  loss_chasing: 'wellbeingLossChasing',
  deposit_spike: 'wellbeingDepositSpike',
  night_play: 'wellbeingNightPlay',
  limit_raises: 'wellbeingLimitRaises',
};

/**
 * A notification's title and line in the page's language: core's notificationText (its words are the
 * web push's, in English) translated here; the player's and support's own words (a mention, a ticket's
 * subject, a delivery's status) stay as they came.
 */
function notificationWords(n: PlayerNotification): { title: string; body: string } {
  switch (n.kind) {
    case 'credit': {
      const key = CREDIT_TITLES[n.data.reason] as Key | undefined;
      const amount = formatGroupedCoins(n.data.amount);
      return { title: t(key ?? 'credit'), body: t('creditAmount', { amount }) };
    }
    case 'mention':
      return { title: t('mentionedYou', { name: n.data.from }), body: n.data.text };
    case 'support_reply':
      return { title: t('supportAnswered'), body: n.data.subject };
    case 'withdrawal_step':
      return { title: t(n.data.type === 'delivery' ? 'deliveryNumber' : 'cryptoWithdrawalNumber', { id: String(n.data.withdrawal_id) }), body: n.data.status_title };
    case 'level_up':
      return { title: t('levelUp'), body: t('levelReached', { level: String(n.data.level) }) };
    case 'wellbeing':
      return { title: t('wellbeingTitle'), body: t(WELLBEING_LINES[n.data.marker]) };
    case 'kyc':
      return n.data.approved ? { title: t('identityVerified'), body: t('identityVerifiedText') } : { title: t('identityCheck'), body: t('identityRejectedText') };
  }
}

/**
 * The player's notifications, newest first, as the server answered them: an unread one is marked,
 * and choosing one marks it read and opens its page (when it has one).
 */
export function NotificationList({ items, onOpen }: { items: PlayerNotification[]; onOpen?(): void }) {
  const navigate = useNavigate();
  const markRead = useNotifications((s) => s.markRead);
  if (items.length === 0) return <p className="notifications__empty">{t('empty')}</p>;
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
        const text = notificationWords(n);
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
      {t('markAllRead')}
    </button>
  );
}
