import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { chatRain, chatRainJoin } from '../../../core/protocol/routes/chat.ts';
import type { RainState } from '../../../core/protocol/rain.ts';
import { formatCoins } from '../../format/format.ts';
import { captchaToken } from '../auth/captcha.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { useNow } from '../../app/useNow.ts';

const t = translator(messages);

// The rain at the top of the chat (docs/community.md, "Rain"): while one is open, its pot, how many
// joined, the time left and Join, with the split rule in words. Read again whenever the shop posts
// (a rain starting or ending is a system message); the server decides who may join and pays.

export function RainBanner({ refresh, signedIn }: { refresh: number; signedIn: boolean }) {
  const [rain, setRain] = useState<RainState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call(chatRain, {}).then(
      ({ data }) => live && setRain(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refresh, signedIn]);

  const open = rain?.open ?? null;
  // The seconds left read the shop's shared clock (src/app/useNow.ts), only while a rain is open: they
  // tick with the cashback countdown above the chat, and no timer runs between rains.
  const now = useNow(open !== null);
  if (!open) return null;
  const left = Math.max(0, Math.ceil((new Date(open.closes_at).getTime() - now) / 1000));

  const join = async () => {
    try {
      await call(chatRainJoin, { body: { 'g-recaptcha-response': await captchaToken('rain') } });
      setError(null);
      setRain((r) => (r?.open ? { ...r, open: { ...r.open, me: true, joined: r.open.joined + (r.open.me ? 0 : 1) } } : r));
    } catch (err) {
      setError(apiErrorText(err));
    }
  };

  return (
    <section className="chat__rain" aria-label={t('rain')}>
      <p className="chat__rain-line">
        <strong>{t('rainPot', { coins: formatCoins(open.pot) })}</strong> · {t('rainJoined', { count: open.joined })} · {left > 0 ? t('rainLeft', { seconds: left }) : t('rainSharing')}
      </p>
      {signedIn &&
        (open.me ? (
          <p className="chat__rain-in" role="status">
            {t('rainIn')}
          </p>
        ) : (
          <button type="button" className="chat__send" onClick={join} disabled={left === 0}>
            {t('joinRain')}
          </button>
        ))}
      {error && (
        <p className="chat__error" role="alert">
          {error}
        </p>
      )}
      <p className="chat__tip-rule">{rain!.rule}</p>
    </section>
  );
}
