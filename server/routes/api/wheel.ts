import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WHEEL_COLOR_LABELS, WHEEL_COLORS, WHEEL_MULTIPLIERS, WHEEL_SEGMENT_LIST, wheelColorCount, wheelMultiplier, wheelReturnPercent, type WheelColor } from '../../../core/games/wheel.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { WHEEL_MESSAGES, wheelBetSchema, type WheelConfig } from '../../../core/protocol/wheel.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { wheelRecentGames, wheelSeeds, wheelSettledBets } from '../../games/wheel/wheelQueries.ts';
import { stakeCheck } from '../../plugins/declaredChecks.ts';
import { route } from '../../http/route.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// Crazy Wheel calls of docs/product.md §7 (payloads in docs/wheel.md): bet and cancel answer msg; the lists
// read `data`. A refusal by the round's state is 409 `{message, msg}`, another player's bet 404;
// bad input (and a short balance) is 422 `{message, errors}`. The contract: core/protocol/wheel.ts.

export default async function wheelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { limits, timings } = app.config.wheel;
  const config: WheelConfig = {
    segments: WHEEL_SEGMENT_LIST.map((s) => ({ ...s })),
    colors: WHEEL_COLORS.map((c) => ({ color: c, label: WHEEL_COLOR_LABELS[c], multiplier: wheelMultiplier(c), count: wheelColorCount(c), rtp: wheelReturnPercent(c) })),
    min_bet: centsToCoins(limits.minBet),
    max_bet: centsToCoins(limits.maxBet),
    timings: { betting_ms: timings.bettingMs, pending_ms: timings.pendingMs, spin_ms: timings.spinMs, pause_ms: timings.pauseMs },
  };

  // The bet range both the configuration and the game settings allow now (the console may narrow it).
  route(r, routes.wheelConfig, {}, async () => {
    const setting = app.gameSettings.limits('wheel');
    return { data: { ...config, min_bet: centsToCoins(Math.max(limits.minBet, setting.minBet)), max_bet: centsToCoins(Math.min(limits.maxBet, setting.maxBet)) } };
  });

  // The game settings' limits (declared; the console may narrow the configured ones); the best payout is a win on the colour.
  const stake = stakeCheck('wheel', (bet: { amount: number; color: WheelColor }) => Math.floor((bet.amount * WHEEL_MULTIPLIERS[bet.color]) / 100));
  route(r, routes.wheelBet, { onRequest: app.authenticate, config: { stake, killSwitch: stake.game }, schema: { body: wheelBetSchema(limits) } }, async (request) => {
    const data = await app.wheel.placeBet(requireUserId(request), request.body.amount, request.body.color);
    return { data, msg: WHEEL_MESSAGES.betPlaced };
  });

  route(r, routes.wheelBetCancel, { onRequest: app.authenticate }, async (request) => {
    // Judged at the server's time of receipt, before anything else is awaited.
    const receivedAt = app.clock.now();
    const data = await app.wheel.cancelBet(requireUserId(request), request.params.id, receivedAt);
    return { data, msg: WHEEL_MESSAGES.betCanceled };
  });

  route(r, routes.wheelRecentGames, {}, async (request) => ({ data: await wheelRecentGames(app.db, request.query.limit) }));
  route(r, routes.wheelRecentBets, {}, async (request) => ({ data: await wheelSettledBets(app.db, 'recent', request.query.limit) }));
  route(r, routes.wheelTopPayouts, {}, async (request) => ({ data: await wheelSettledBets(app.db, 'payout', request.query.limit) }));
  route(r, routes.wheelSeeds, {}, async (request) => ({ data: await wheelSeeds(app.db, request.query.limit) }));
}
