import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Gift, Link2Off } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { CoinIcon } from '../../components/Coin.tsx';
import { NoticeCard } from '../../components/NoticeCard.tsx';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { formatCoins } from '../../format/format.ts';
import type { Invitation, PlayerInvitation } from '../../../core/protocol/referral.ts';
import { rememberReferral } from '../../features/referral/referralCookie.ts';
import { fetchInvitation, fetchMyInvitation } from '../../features/referral/invitationApi.ts';
import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import './referral.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// /ref/{link}: a friend's invitation (docs/community.md). A guest sees whose it is and what it pays
// (GET /api/ref/{code}); the code is remembered (cookie until sign-up) and the sign-up opens at once.
// A signed-in player who joined through this link sees their invitation and its reward: waiting for
// the verified email (with Resend) or paid. Only a player who joined otherwise is told it does not
// apply to them.

/** What the landing knows: still asking, the link's invitation (null: no such code), the player's own (null: none). */
type Known = { kind: 'loading' } | { kind: 'guest'; invitation: Invitation | null } | { kind: 'player'; mine: PlayerInvitation | null };

function useInvitation(link: string, userId: number | null): Known {
  const [known, setKnown] = useState<Known>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setKnown({ kind: 'loading' });
    const ask = userId === null ? fetchInvitation(link).then((invitation): Known => ({ kind: 'guest', invitation })) : fetchMyInvitation().then((mine): Known => ({ kind: 'player', mine }));
    void ask.then((next) => live && setKnown(next));
    return () => {
      live = false;
    };
  }, [link, userId]);
  return known;
}

export default function RefLandingPage() {
  const { link = '' } = useParams();
  const userId = useSession((s) => s.user?.id ?? null);
  const open = useModals((s) => s.open);
  const known = useInvitation(link, userId);
  const valid = known.kind === 'guest' && known.invitation !== null;
  useEffect(() => {
    if (!valid) return;
    rememberReferral(link);
    open('register');
  }, [valid, link, open]);

  if (known.kind === 'loading') return <NoticeCard className="ref-landing" icon={<Gift size={48} aria-hidden />} title={t('invitedTitle')} />;
  if (known.kind === 'guest') {
    const { invitation } = known;
    if (!invitation) {
      return (
        <NoticeCard className="ref-landing" problem icon={<Link2Off size={48} aria-hidden />} title={t('invalidTitle')}>
          <p>{t('invalidText')}</p>
          <Button size="large" onClick={() => open('register')}>
            {t('signUp')}
          </Button>
        </NoticeCard>
      );
    }
    return (
      <NoticeCard className="ref-landing" icon={<Gift size={48} aria-hidden />} title={t('invitedTitle')}>
        <p>
          {richText(t, 'invitedText', { code: <strong className="ref-landing__code">{invitation.code}</strong> }, { referrer: invitation.referrer })}
        </p>
        {invitation.reward > 0 && (
          <p className="ref-landing__reward">
            <CoinIcon size={22} />
            <span>{richText(t, 'rewardText', { reward: <strong data-testid="invitation-reward">{formatCoins(invitation.reward)}</strong> })}</span>
          </p>
        )}
        <Button size="large" onClick={() => open('register')}>
          {t('signUp')}
        </Button>
      </NoticeCard>
    );
  }
  const { mine } = known;
  if (!mine || mine.code !== link.trim().toLowerCase()) {
    return (
      <NoticeCard className="ref-landing" icon={<Gift size={48} aria-hidden />} title={t('invitedTitle')}>
        <p>{t('alreadySignedIn')}</p>
      </NoticeCard>
    );
  }
  return (
    <NoticeCard className="ref-landing" icon={<Gift size={48} aria-hidden />} title={t('activeTitle')}>
      <p>
        {richText(t, 'joinedWith', { code: <strong className="ref-landing__code">{mine.code}</strong> }, { referrer: mine.referrer })}
      </p>
      {mine.rewarded ? (
        <p className="ref-landing__reward">
          <CoinIcon size={22} />
          <span>{t('rewardAdded', { coins: formatCoins(mine.reward) })}</span>
        </p>
      ) : (
        mine.reward > 0 && <VerifyEmailNotice reason={t('verifyToReceive', { coins: formatCoins(mine.reward) })} />
      )}
      <div className="notice-card__actions">
        <Link className="btn btn--primary btn--large" to="/boxes">
          {t('openBox')}
        </Link>
      </div>
    </NoticeCard>
  );
}
