import { useState } from 'react';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { streamerMode } from '../../../core/protocol/routes/profiles.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { useSession } from '../../stores/session.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Streamer mode (docs/community.md, "Streamer mode"): the player's balance, name and email read
// "Hidden" on their own screens while it is on. Kept on the server (it follows the account to every
// device); the session's profile holds it (the server's answer), and every screen follows it.
export function StreamerModeSetting() {
  const on = useSession((s) => s.user?.streamer_mode ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Shown at once, then the server's answer kept (or the change put back, with why).
  const store = (value: boolean) => {
    const user = useSession.getState().user;
    if (user) useSession.getState().setUser({ ...user, streamer_mode: value });
  };
  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    store(next);
    try {
      store((await call(streamerMode, { body: { on: next } })).data.on);
    } catch (e) {
      store(!next);
      setError(apiErrorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="profile-public" aria-label={t('streamerMode')}>
      <h2>{t('streamerMode')}</h2>
      <p>{t('streamerModeNote')}</p>
      <Checkbox label={t('streamerMode')} checked={on} disabled={busy} onChange={(e) => void change(e.target.checked)} />
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
