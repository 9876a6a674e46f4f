import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/auth.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { INVITATION_NOT_FOUND } from '../../../core/protocol/referral.ts';
import { changeReferralCode, claimEarnings, referralInfo, REFERRAL_MSG } from '../../referrals/referrals.ts';
import { invitationByCode, playerInvitation } from '../../referrals/invitations.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// The affiliate programme's calls (docs/product.md §7; docs/community.md). Every answer about a player
// is the signed-in player's own: no route takes another player's id. A link's invitation is public.
export default async function referralRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { inviteeRewardCents } = app.config.referrals;

  route(app, routes.invitation, {}, async (request) => {
    const found = await invitationByCode(app.db, request.params.code, inviteeRewardCents);
    if (!found) throw notFound(INVITATION_NOT_FOUND);
    return { data: found };
  });

  route(app, routes.playerInvitation, { onRequest: app.authenticate }, async (request) => ({
    data: await playerInvitation(app.db, requireUserId(request), inviteeRewardCents),
  }));

  route(app, routes.referralInfo, { onRequest: app.authenticate }, async (request) => ({
    data: await referralInfo(app, requireUserId(request)),
  }));

  route(app, routes.referralCode, { onRequest: app.authenticate },
    async (request) => {
      const code = await changeReferralCode(app.db, requireUserId(request), request.body.code);
      return { msg: REFERRAL_MSG.codeChanged, code };
    },
  );

  route(app, routes.claimEarnings, { onRequest: app.authenticate }, async (request) => {
    const { amount, balance } = await claimEarnings(app, requireUserId(request));
    return { msg: REFERRAL_MSG.claimed(amount), data: { amount: centsToCoins(amount), balance: centsToCoins(balance) } };
  });
}
