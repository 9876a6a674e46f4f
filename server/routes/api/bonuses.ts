import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { bonusTermsText } from '../../../core/protocol/bonusTerms.ts';
import { forfeitBonus, settleBonuses } from '../../bonuses/grants.ts';
import { bonusTermsOf, validatePromo } from '../../promo/promoCodes.ts';
import { notFound } from '../../http/errors.ts';
import { requireUserId } from '../../plugins/auth.ts';

// The player's bonuses (docs/bonuses.md): the wallet panel's list with progress and the withdrawable
// balance, a forfeit at the player's request, and a promo code's terms for the deposit modal.
// Not the player's, or ended: the same answer, so a foreign id tells nothing.
export const BONUS_NOT_ACTIVE = 'This bonus is no longer active.';

export default async function bonusesRoutes(app: FastifyInstance) {
  route(app, routes.bonuses, { onRequest: app.authenticate }, async (request) => {
    // Settled first, so an expired bonus is shown forfeited, not still locked.
    const position = await app.wallet.transaction((tx) => settleBonuses(tx, requireUserId(request), new Date()));
    return {
      data: {
        balance: centsToCoins(position.balance),
        withdrawable: centsToCoins(position.withdrawable),
        locked: centsToCoins(position.locked),
        left_to_wager: centsToCoins(position.leftToWager),
        bonuses: position.active.map((g) => ({
          id: g.id,
          source: g.source,
          amount: centsToCoins(g.amount),
          requirement: centsToCoins(g.requirement),
          wagered: centsToCoins(Math.min(g.wagered, g.requirement)),
          left_to_wager: centsToCoins(Math.max(0, g.requirement - g.wagered)),
          max_bet: g.maxBet === null ? null : centsToCoins(g.maxBet),
          granted_at: g.grantedAt,
          expires_at: g.expiresAt,
        })),
      },
    };
  });
  route(app, routes.bonusForfeit, { onRequest: app.authenticate }, async (request) => {
    if (!(await forfeitBonus(app.wallet, requireUserId(request), request.params.id))) throw notFound(BONUS_NOT_ACTIVE);
    return { message: 'Bonus forfeited: its locked coins were removed and the rest of your balance is withdrawable.' };
  });
  route(app, routes.bonusTerms, { onRequest: app.authenticate }, async (request) => {
    const promo = await validatePromo(app.db, request.body.promocode, requireUserId(request));
    const terms = bonusTermsOf(promo);
    const wire = { multiple: terms.multiple, base: terms.base, days: terms.days, max_bet: terms.maxBet === null ? null : centsToCoins(terms.maxBet), game_weights: terms.weights };
    return { data: { code: promo.code, ...wire, text: bonusTermsText(wire) } };
  });
}
