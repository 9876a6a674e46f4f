import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SecurityOverview } from '../../features/accountSecurity/securityTypes.ts';
import { apiErrorText } from '../../api/http.ts';
import { toast } from '../../components/toast.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { PasswordSection } from '../../features/accountSecurity/PasswordSection.tsx';
import { EmailSection } from '../../features/accountSecurity/EmailSection.tsx';
import { TwoFactorSection } from '../../features/accountSecurity/TwoFactorSection.tsx';
import { SessionsSection } from '../../features/accountSecurity/SessionsSection.tsx';
import '../../features/accountSecurity/accountSecurity.css';
import { callResponse } from '../../api/call.ts';
import { profileSecurity } from '../../../core/protocol/routes/account.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /profile/security (docs/account-safety.md, "Settings, two-factor and sessions"): password, email,
// two-factor sign-in and the sessions list. `?email=` is the landing of the email-change link.
export default function SecurityPage() {
  const [params] = useSearchParams();
  const [overview, setOverview] = useState<SecurityOverview['data'] | null>(null);
  // Bumped when other sessions were ended elsewhere on the page: the sessions list loads again.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const load = useCallback(async () => {
    try {
      setOverview((await callResponse(profileSecurity, {})).data.data);
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="security">
      <h1 className="profile-page-title">{t('navSecurity')}</h1>
      {overview === null ? (
        <Spinner size={32} />
      ) : (
        <>
          <PasswordSection hasPassword={overview.has_password} twoFactor={overview.two_factor.enabled} />
          <EmailSection email={overview.email} pending={overview.pending_email} twoFactor={overview.two_factor.enabled} outcome={params.get('email')} onChanged={() => void load()} />
          <TwoFactorSection enabled={overview.two_factor.enabled} codesLeft={overview.two_factor.recovery_codes_left} onChanged={() => void load()} onSessionsEnded={() => setSessionsVersion((v) => v + 1)} />
          <SessionsSection key={sessionsVersion} />
        </>
      )}
    </div>
  );
}
