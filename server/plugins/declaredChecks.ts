import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { SettingGame } from '../../core/games/gameSettings.ts';
import type { KillSwitchKey } from '../../core/protocol/killSwitches.ts';
import { requireSecondFactor } from '../accounts/twoFactor.ts';
import { twoFactorDeps } from '../routes/api/accountSecurityDeps.ts';
import { requireUserId } from './auth.ts';
import { switchedOff } from '../killSwitches/killSwitches.ts';

// Checks a route declares in its options instead of calling by hand (docs/architecture.md, Server):
// `config: { secondFactor: true }` — with two-factor sign-in on, the body's `two_factor_code` must be
// a valid code (docs/account-safety.md); `config: { stake: stakeCheck(game, bestPayout) }` — the game
// settings' bet range and payout cap (docs/operator-console.md, "Game settings"); `config: { killSwitch:
// key }` — the route starts that game or feature, refused while its kill switch is off
// (docs/operator-console.md, "Kill switches"). One onRoute hook adds each declared check to that
// route's preHandlers, after the route's own (a route that proves the current password first keeps
// that order), so the routes that declare nothing pay nothing. The kill switch runs earlier, right
// after the route's own onRequest (the sign-in check): before the body is validated or anything
// else asks the player for something, a switched-off thing answers the same refusal to any request.
// `app.declaredChecks` lists what each route declared; tests/server/plugins/declaredChecks.test.ts
// holds it against the routes that must ask.

/** The game settings' check of a bet route: its game, and the best payout (cents) of the bet in the body. */
export interface StakeCheck {
  game: SettingGame;
  bestPayout(body: { amount: number }): number;
}

/** A route's declared checks, as `app.declaredChecks` lists them. */
export interface DeclaredRoute {
  method: string;
  url: string;
  secondFactor: boolean;
  /** The game whose settings the route's stake is held to, or null. */
  stake: SettingGame | null;
  /** The kill switch that closes the route, or null. */
  killSwitch: KillSwitchKey | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** With two-factor sign-in on, the body's `two_factor_code` must be a valid code, else a 422 on that field. */
    secondFactor?: boolean;
    /** The stake (`amount`, cents) is held to this game's settings, a 422 on `amount` in the route schemas' words. */
    stake?: StakeCheck;
    /** The route starts this game or feature: refused (503, the switch's message) while it is switched off. */
    killSwitch?: KillSwitchKey;
  }
  interface FastifyInstance {
    /** Every route that declared a check, with what it declared (server/plugins/declaredChecks.ts). */
    declaredChecks: readonly DeclaredRoute[];
  }
}

/** A stake check whose best payout reads the route's own body type (the body arrives validated by the route schema). */
export function stakeCheck<B extends { amount: number }>(game: SettingGame, bestPayout: (body: B) => number): StakeCheck {
  return { game, bestPayout: bestPayout as StakeCheck['bestPayout'] };
}

function stakeHook(app: FastifyInstance, stake: StakeCheck): preHandlerHookHandler {
  // A callback hook: the bet routes are the hot path, and this one costs no promise a bet.
  return (request, _reply, done) => {
    const body = request.body as { amount: number };
    try {
      app.gameSettings.checkStake(stake.game, body.amount, stake.bestPayout(body));
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}

function killSwitchHook(app: FastifyInstance, key: KillSwitchKey): onRequestHookHandler {
  // A callback hook, as the stake's: it guards the bet routes too.
  return (_request, _reply, done) => {
    const message = app.killSwitches.offMessage(key);
    if (message === null) done();
    else done(switchedOff(message));
  };
}

function secondFactorHook(app: FastifyInstance): preHandlerHookHandler {
  return async (request) => {
    const body = request.body as { two_factor_code?: string } | undefined;
    await requireSecondFactor(twoFactorDeps(app), requireUserId(request), body?.two_factor_code);
  };
}

/** Install before any route (an onRoute hook sees only the routes added after it). */
export function installDeclaredChecks(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredChecks', declared);
  app.addHook('onRoute', (route) => {
    const { secondFactor = false, stake, killSwitch } = route.config ?? {};
    const checks: preHandlerHookHandler[] = [];
    if (stake) checks.push(stakeHook(app, stake));
    if (secondFactor) checks.push(secondFactorHook(app));
    if (!checks.length && !killSwitch) return;
    if (killSwitch) route.onRequest = [...[route.onRequest ?? []].flat(), killSwitchHook(app, killSwitch)];
    if (checks.length) route.preHandler = [...[route.preHandler ?? []].flat(), ...checks];
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, secondFactor, stake: stake?.game ?? null, killSwitch: killSwitch ?? null });
  });
}
