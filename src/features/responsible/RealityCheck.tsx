import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCoins } from '../../format/format.ts';
import type { PlaySession } from '../../../core/protocol/responsible.ts';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { REALITY_CHECK_CHANGED, responsibleApi } from './responsibleApi.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The reality check (docs/account-safety.md, "Limits and exclusions"): for a signed-in player who
// chose an interval, a dialog at every whole interval of the session (counted from sign-in, as the
// server counts it), with the time played and the session's net result as the server reads them from
// the ledger. The player acknowledges it; the next one comes one interval later.

type Session = PlaySession['data'];

/**
 * Set on <html> once the next reminder's timer is set from the session's answer (and taken off when
 * it is dropped): the timer counts from when the answer was read, so a page on a test's paused clock
 * is run on only after it (as data-daily-bonus tells the bonus's decision, src/app/useBonusModal.ts).
 */
export const REALITY_CHECK_SCHEDULED_ATTRIBUTE = 'data-reality-check';

/** Milliseconds until the next whole interval of the session after `now`. */
export function msUntilReminder(session: Pick<Session, 'started_at' | 'reality_check_minutes'>, now: number): number | null {
  if (session.reality_check_minutes === null) return null;
  const interval = session.reality_check_minutes * 60_000;
  const elapsed = now - new Date(session.started_at).getTime();
  return interval - (((elapsed % interval) + interval) % interval) || interval;
}

export default function RealityCheck() {
  const [shown, setShown] = useState<Session | null>(null);
  const [schedule, setSchedule] = useState(0);
  const reschedule = useCallback(() => setSchedule((n) => n + 1), []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    responsibleApi.session().then(
      (session) => {
        const wait = msUntilReminder(session, Date.now());
        if (!live || wait === null) return;
        timer = setTimeout(() => {
          responsibleApi.session().then((now) => live && now.reality_check_minutes !== null && setShown(now), () => undefined);
        }, wait);
        document.documentElement.setAttribute(REALITY_CHECK_SCHEDULED_ATTRIBUTE, 'scheduled');
      },
      () => undefined,
    );
    window.addEventListener(REALITY_CHECK_CHANGED, reschedule);
    return () => {
      live = false;
      clearTimeout(timer);
      document.documentElement.removeAttribute(REALITY_CHECK_SCHEDULED_ATTRIBUTE);
      window.removeEventListener(REALITY_CHECK_CHANGED, reschedule);
    };
  }, [schedule, reschedule]);

  if (!shown) return null;
  const acknowledge = () => {
    setShown(null);
    reschedule();
  };
  const hours = Math.floor(shown.minutes / 60);
  const played = hours > 0 ? t('hoursMinutes', { hours, minutes: shown.minutes % 60 }) : t('minutes', { minutes: shown.minutes });
  const net = `${shown.net >= 0 ? '+' : '−'}${formatCoins(Math.abs(shown.net))}`;
  return (
    <Modal title={t('realityCheck')} onClose={acknowledge} className="reality-check">
      <p data-testid="reality-check-time">{t('playedThisSession', { played })}</p>
      <p data-testid="reality-check-net">{t('netResult', { net, won: formatCoins(shown.won), staked: formatCoins(shown.staked) })}</p>
      <p>
        <Link to="/profile/limits" onClick={acknowledge}>
          {t('setLimitsOrBreak')}
        </Link>
      </p>
      <Button block onClick={acknowledge}>
        {t('continuePlaying')}
      </Button>
    </Modal>
  );
}
