import { useEffect, useState } from 'react';
import { Gift } from 'lucide-react';
import type { Invitation } from '../../../core/protocol/referral.ts';
import { rememberedReferral } from './referralCookie.ts';
import { fetchInvitation, rewardPromise } from './invitationApi.ts';

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
  const promise = rewardPromise(invitation.reward);
  return (
    <p className="auth-notice auth-notice--invite" data-testid="invitation-note">
      <Gift size={16} aria-hidden />
      <span>
        Invited by {invitation.referrer}
        {promise ? `: ${promise}.` : '.'}
      </span>
    </p>
  );
}
