import { useEffect, useState } from 'react';
import { Gift } from 'lucide-react';
import type { Invitation } from '../../../core/protocol/referral.ts';
import { rememberedReferral } from './referralCookie.ts';
import { fetchInvitation } from './invitationApi.ts';
import { formatCoins } from '../../format/format.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * Above the sign-up form while a /ref/{link} visit is remembered: whose invitation it is and what it
 * pays the new player, so the offer of the landing is still in view when they sign up.
 */
export function InvitationNote() {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  useEffect(() => {
    const code = rememberedReferral();
    if (!code) return;
    let live = true;
    void fetchInvitation(code).then((found) => live && setInvitation(found));
    return () => {
      live = false;
    };
  }, []);
  if (!invitation) return null;
  return (
    <p className="auth-notice auth-notice--invite" data-testid="invitation-note">
      <Gift size={16} aria-hidden />
      <span>
        {invitation.reward > 0
          ? t('invitedByWithReward', { referrer: invitation.referrer, coins: formatCoins(invitation.reward) })
          : t('invitedBy', { referrer: invitation.referrer })}
      </span>
    </p>
  );
}
