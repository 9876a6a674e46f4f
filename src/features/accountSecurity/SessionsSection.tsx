import { useCallback, useEffect, useState } from 'react';
import type { SessionRow, MsgAnswer } from './securityTypes.ts';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { formatDateTime } from '../../format/format.ts';
import { callResponse } from '../../api/call.ts';
import { sessionEnd, sessions as sessionsRoute, sessionsEndOthers } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * The player's active sessions (each sign-in): device, address, last seen, "This session" marked;
 * any other one can be ended, or all others at once. An ended session stops at once everywhere.
 */
export function SessionsSection() {
  const [sessions, setSessions] = useState<SessionRow[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setSessions((await callResponse(sessionsRoute, {})).data.data);
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const end = async (key: string, send: () => Promise<{ data: MsgAnswer }>) => {
    setBusy(key);
    try {
      toast.success((await send()).data.msg);
      await load();
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  };
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <section className="profile-main security__section" aria-labelledby="security-sessions">
      <h3 id="security-sessions">{t('sessions')}</h3>
      {sessions === null ? (
        <p className="security__note">{t('loading')}</p>
      ) : (
        <ul className="security__sessions" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id} className="security__session" data-current={s.current || undefined}>
              <div>
                <strong>{s.device}</strong>
                {s.current && <span className="security__badge security__badge--on">{t('thisSession')}</span>}
                <p className="security__note">
                  {t('sessionSeen', { address: s.address, time: formatDateTime(s.last_seen_at) })}
                </p>
              </div>
              {!s.current && (
                <Button size="small" variant="secondary" loading={busy === s.id} onClick={() => void end(s.id, () => callResponse(sessionEnd, { params: { id: s.id } }))}>
                  {t('end')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="danger" disabled={others === 0} loading={busy === 'others'} onClick={() => void end('others', () => callResponse(sessionsEndOthers, {}))}>
        {t('endOthers')}
      </Button>
    </section>
  );
}
