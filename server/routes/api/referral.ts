import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { z } from 'zod';
import { centsToCoins } from '../../../core/money/cents.ts';
import {
  claimEarningsResponse,
  INVITATION_NOT_FOUND,
  invitationResponse,
  playerInvitationResponse,
  referralCodeRequest,
  referralCodeResponse,
  referralInfoResponse,
} from '../../../core/protocol/referral.ts';
import { changeReferralCode, claimEarnings, referralInfo, REFERRAL_MSG } from '../../referrals/referrals.ts';
import { invitationByCode, playerInvitation } from '../../referrals/invitations.ts';
import { notFound } from '../../http/errors.ts';

// The affiliate programme's calls (docs/product.md §7; docs/community.md). Every answer about a player
// is the signed-in player's own: no route takes another player's id. A link's invitation is public.
export default async function referralRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { inviteeRewardCents } = app.config.referrals;

  app.get('/api/ref/:code', { schema: { params: z.object({ code: z.string().max(100) }), response: { 200: invitationResponse } } }, async (request) => {
    const found = await invitationByCode(app.db, request.params.code, inviteeRewardCents);
    if (!found) throw notFound(INVITATION_NOT_FOUND);
    return { data: found };
  });

  app.get('/api/profile/invitation', { onRequest: app.authenticate, schema: { response: { 200: playerInvitationResponse } } }, async (request) => ({
    data: await playerInvitation(app.db, requireUserId(request), inviteeRewardCents),
  }));

  app.get('/api/profile/referral-info', { onRequest: app.authenticate, schema: { response: { 200: referralInfoResponse } } }, async (request) => ({
    data: await referralInfo(app, requireUserId(request)),
  }));

  app.post(
    '/api/profile/referral-code',
    { onRequest: app.authenticate, schema: { body: referralCodeRequest, response: { 200: referralCodeResponse } } },
    async (request) => {
      const code = await changeReferralCode(app.db, requireUserId(request), request.body.code);
      return { msg: REFERRAL_MSG.codeChanged, code };
    },
  );

  app.post('/api/profile/claim-earnings', { onRequest: app.authenticate, schema: { response: { 200: claimEarningsResponse } } }, async (request) => {
    const { amount, balance } = await claimEarnings(app, requireUserId(request));
    return { msg: REFERRAL_MSG.claimed(amount), data: { amount: centsToCoins(amount), balance: centsToCoins(balance) } };
  });
}
