import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { NoticeCard } from '../../components/NoticeCard.tsx';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { formatCoins } from '../../format/format.ts';
import type { PlayerInvitation } from '../../../core/protocol/referral.ts';
import { loadProfile } from '../../features/auth/authSession.ts';
import { announceEmailVerified } from '../../features/auth/emailVerifiedSignal.ts';
import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { fetchMyInvitation } from '../../features/referral/invitationApi.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /email-verified (docs/accounts.md): where the mailed verification link lands, `?status=invalid`
// when the link was invalid or had expired. It says what happened in either case, tells the other
// tabs (a checkout waiting for the verified email goes on there), and shows the invitee's reward
// when verifying just paid it. A guest gets the way to log in; a signed-in player the way on.

export default function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const invalid = params.get('status') === 'invalid';
  const signedIn = useSession((s) => s.user !== null);
  const open = useModals((s) => s.open);
  const [invitation, setInvitation] = useState<PlayerInvitation | null>(null);

  useEffect(() => {
    if (!invalid) announceEmailVerified();
  }, [invalid]);
  useEffect(() => {
    if (invalid || !signedIn) return;
    let live = true;
    // The profile loaded before the link was followed still says "not verified".
    void loadProfile();
    void fetchMyInvitation().then((mine) => live && setInvitation(mine));
    return () => {
      live = false;
    };
  }, [invalid, signedIn]);

  const wayOn = signedIn ? (
    <div className="notice-card__actions">
      <Link className="btn btn--primary btn--large" to="/boxes">
        {t('openBox')}
      </Link>
      <Link className="btn btn--secondary btn--large" to="/profile/inventory">
        {t('myItems')}
      </Link>
    </div>
  ) : (
    <div className="notice-card__actions">
      <Button size="large" onClick={() => open('login')}>
        {t('login')}
      </Button>
    </div>
  );

  if (invalid) {
    return (
      <NoticeCard className="email-verified" problem icon={<MailX size={48} aria-hidden />} title={t('linkInvalidTitle')}>
        <p>{t('linkValidity')}</p>
        {signedIn ? <VerifyEmailNotice reason={t('resendForNewLink')} /> : <p>{t('logInToResend')}</p>}
        {wayOn}
      </NoticeCard>
    );
  }
  return (
    <NoticeCard className="email-verified" icon={<MailCheck size={48} aria-hidden />} title={t('verifiedTitle')}>
      <p>{t('verifiedThanks')}</p>
      {invitation?.rewarded && <p data-testid="invitation-paid">{t('invitationReward', { amount: formatCoins(invitation.reward) })}</p>}
      {wayOn}
    </NoticeCard>
  );
}
