import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { pushKey, pushSubscribe, pushSubscriptions, pushUnsubscribe } from '../../../core/protocol/routes/push.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../core/protocol/notificationEvents.ts';
import { SERVICE_WORKER_URL } from '../../../core/serviceWorkerBoot.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** Each kind in a word (core's NOTIFICATION_KIND_LABELS, translated). */
const KIND_LABELS: Record<NotificationKind, keyof typeof messages> = {
  credit: 'kindCredit',
  mention: 'kindMention',
  support_reply: 'kindSupportReply',
  withdrawal_step: 'kindWithdrawalStep',
  level_up: 'kindLevelUp',
  wellbeing: 'kindWellbeing',
  kyc: 'kindKyc',
};

// Web push on this browser (docs/community.md, "Web push"): off until the player turns it on here
// (the browser asks its permission), then the kinds this browser is sent, each change saved at once
// and the server's answer kept. The shop's one service worker (src/serviceWorker/sw.ts, registered
// after every page's load) shows the pushes; turning push on registers it too, in case that has not
// happened yet, and subscribes once it is active.

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const saved = (s: PushSubscription, kinds: NotificationKind[]) => {
  const { endpoint, keys } = s.toJSON();
  return call(pushSubscribe, { body: { endpoint: endpoint!, keys: { p256dh: keys!.p256dh!, auth: keys!.auth! }, kinds } });
};

export function PushSetting() {
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  // null: not read yet; []: this browser is not subscribed.
  const [kinds, setKinds] = useState<NotificationKind[] | null>(supported() ? null : []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    (async () => {
      const s = await currentSubscription();
      const browsers = s ? (await call(pushSubscriptions, {})).data : [];
      if (!live) return;
      setSubscription(s);
      setKinds(browsers.find((b) => b.endpoint === s?.endpoint)?.kinds ?? []);
    })().catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof DOMException ? t('pushSubscribeFailed') : apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () =>
    run(async () => {
      if ((await Notification.requestPermission()) !== 'granted') {
        setError(t('pushBlocked'));
        return;
      }
      await navigator.serviceWorker.register(SERVICE_WORKER_URL);
      const registration = await navigator.serviceWorker.ready;
      const key = (await call(pushKey, {})).data.public_key;
      const s = subscription ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
      setSubscription(s);
      setKinds((await saved(s, [...NOTIFICATION_KINDS])).data.kinds);
    });
  const turnOff = () =>
    run(async () => {
      if (!subscription) return;
      await call(pushUnsubscribe, { body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
      setSubscription(null);
      setKinds([]);
    });
  // A kind's change shows at once, then the server's answer is kept (or the change put back, with why).
  const toggle = (kind: NotificationKind, on: boolean) => {
    if (!subscription || !kinds) return;
    const before = kinds;
    const next = on ? [...kinds, kind] : kinds.filter((k) => k !== kind);
    if (next.length === 0) return void turnOff();
    setKinds(next);
    setError(null);
    saved(subscription, next).then(
      (answer) => setKinds(answer.data.kinds),
      (e: unknown) => {
        setKinds(before);
        setError(apiErrorText(e));
      },
    );
  };

  const on = kinds !== null && kinds.length > 0;
  return (
    <section className="push-setting" aria-label={t('pushNotifications')}>
      <h2>{t('pushNotifications')}</h2>
      {!supported() ? (
        <p>{t('pushUnsupported')}</p>
      ) : (
        <>
          <p>{on ? t('pushSentKinds') : t('pushOffer')}</p>
          {on && (
            <div className="push-setting__kinds">
              {NOTIFICATION_KINDS.map((kind) => (
                <Checkbox key={kind} label={t(KIND_LABELS[kind])} checked={kinds.includes(kind)} disabled={busy} onChange={(e) => toggle(kind, e.target.checked)} />
              ))}
            </div>
          )}
          <Button variant="secondary" size="small" disabled={busy || kinds === null} onClick={() => void (on ? turnOff() : turnOn())}>
            {on ? t('pushTurnOff') : t('pushTurnOn')}
          </Button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
