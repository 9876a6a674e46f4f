import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { bonusTermsText, type BonusTermsWire } from '../../../core/protocol/bonusTerms.ts';
import { GAME_IDS, GAMES } from '../../../core/games/catalog.ts';
import { MISSION_BONUS_TERMS } from '../../../core/games/missions.ts';
import { forfeitBonus, settleBonuses, type BonusTerms } from '../../bonuses/grants.ts';
import { rainSettings, rainShareTerms } from '../../chat/rain.ts';
import { RANK_BONUS_TERMS } from '../../vip/vip.ts';
import { INVITEE_REWARD_TERMS } from '../../referrals/invitations.ts';
import { bonusTermsOf, validatePromo } from '../../promo/promoCodes.ts';
import { notFound } from '../../http/errors.ts';
import { requireUserId } from '../../plugins/auth.ts';

// The player's bonuses (docs/bonuses.md): the wallet panel's list with progress and the withdrawable
// balance, a forfeit at the player's request, a promo code's terms for the deposit modal, and the
// figures of the public terms page (/bonus-terms).
// Not the player's, or ended: the same answer, so a foreign id tells nothing.
export const BONUS_NOT_ACTIVE = 'This bonus is no longer active.';

/** Terms as the wire carries them (coins). */
const termsWire = (terms: BonusTerms): BonusTermsWire => ({ multiple: terms.multiple, base: terms.base, days: terms.days, max_bet: terms.maxBet === null ? null : centsToCoins(terms.maxBet), game_weights: terms.weights });

/**
 * Every source of bonus money as the terms page lists it, with its terms: the shop's own for the
 * sources it grants (read when asked: the rain's are the operator's settings), words for the two whose
 * terms come with each bonus.
 */
async function bonusSources(app: FastifyInstance) {
  const fixed = (terms: BonusTerms) => bonusTermsText(termsWire(terms));
  return [
    { source: 'promo', label: 'Promo codes with a deposit', text: "Each code's own terms, stated in the deposit modal before a deposit applies it." },
    { source: 'vip_rank', label: 'VIP rank-up bonuses', text: fixed(RANK_BONUS_TERMS) },
    { source: 'mission', label: 'Mission rewards', text: fixed(MISSION_BONUS_TERMS) },
    { source: 'rain', label: 'Rain shares', text: fixed(rainShareTerms(await rainSettings(app.db))) },
    { source: 'referral', label: "An invited player's welcome reward", text: fixed(INVITEE_REWARD_TERMS) },
    { source: 'console', label: 'Bonuses from support', text: 'The terms support sets with the credit, shown with it in your wallet.' },
  ];
}

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
    const wire = termsWire(terms);
    return { data: { code: promo.code, ...wire, game_weights: wire.game_weights ?? null, text: bonusTermsText(wire) } };
  });
  route(app, routes.bonusRules, {}, async () => ({
    data: {
      weights: GAME_IDS.map((game) => ({ game, label: GAMES[game].historyLabel, pct: GAMES[game].bonusWeightPct })),
      sources: await bonusSources(app),
    },
  }));
}
