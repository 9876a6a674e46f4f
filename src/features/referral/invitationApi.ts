import type { Invitation, PlayerInvitation } from '../../../core/protocol/referral.ts';
import { callResponse } from '../../api/call.ts';
import { invitation, playerInvitation } from '../../../core/protocol/routes/account.ts';

// The invited player's side of the affiliate programme (docs/community.md, "The invitee's reward"):
// what a link offers and the signed-in player's own invitation.

/** GET /api/ref/{code}; null when no player has that code (404). */
export async function fetchInvitation(code: string): Promise<Invitation | null> {
  try {
    return (await callResponse(invitation, { params: { code } })).data.data;
  } catch (error) {
    console.warn('invitation load failed', error);
    return null;
  }
}

/** GET /api/profile/invitation: the signed-in player's own invitation, null without one (or on failure, which only logs). */
export async function fetchMyInvitation(): Promise<PlayerInvitation | null> {
  try {
    return (await callResponse(playerInvitation, {})).data.data;
  } catch (error) {
    console.warn('invitation load failed', error);
    return null;
  }
}
