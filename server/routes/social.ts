import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizationUrl, exchangeCode, fetchProfile } from '../accounts/social/oauth2Provider.ts';
import { checkState, clearState, startState } from '../accounts/social/stateCookie.ts';
import { steamLoginUrl, verifySteamAssertion } from '../accounts/social/steamOpenId.ts';
import { mintSocialValue, readSocialValue, steamProfile } from '../accounts/social/socialTokens.ts';
import { msgError, notFound } from '../http/errors.ts';
import { type SocialHandleResponse } from '../../core/protocol/auth.ts';
import { RedirectAnswer } from '../http/responseContract.ts';
import { route } from '../http/route.ts';
import { routes } from '../../core/protocol/routeTable.ts';

// Social sign-in (docs/product.md §7): the browser navigates to /social/{provider}/redirect, the provider
// returns to the client's /auth/{provider}?code=…, that page calls /social/handle, which exchanges
// the code and reads the profile on the server, and the `provider_access_token` it answers (a signed
// value of ours, never the provider's token: socialTokens.ts) is exchanged at /oauth/token
// (grant_type social). Steam speaks OpenID 2.0 and returns to our /social/steam/callback first,
// which verifies the assertion and forwards the browser to /auth/steam with a code of our own.

const SOCIAL_FAILED = 'Social sign-in failed. Please try again.';

export default async function socialRoutes(app: FastifyInstance) {
  const { settings } = app.accounts;
  const { config } = app;
  const secure = config.publicUrl.startsWith('https:');
  const enabled = (provider: string) => config.socialProviders.includes(provider) && ['google', 'facebook', 'steam'].includes(provider);
  const clientReturn = (provider: string) => `${config.publicUrl}/auth/${provider}`;
  const steamCallback = `${config.publicUrl}/social/steam/callback`;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/social/:provider/redirect', { schema: { params: z.object({ provider: z.string() }), response: { 302: RedirectAnswer } } }, async (request, reply) => {
    const { provider } = request.params;
    if (!enabled(provider)) throw notFound();
    const state = startState(reply, config.appSecret, provider, secure);
    if (provider === 'steam') {
      return reply.redirect(steamLoginUrl(settings.steam.openidUrl, `${steamCallback}?state=${encodeURIComponent(state)}`, config.publicUrl), 302);
    }
    const p = provider === 'google' ? settings.google : settings.facebook;
    return reply.redirect(authorizationUrl(provider, p, clientReturn(provider), state), 302);
  });

  app.get('/social/steam/callback', { schema: { response: { 302: RedirectAnswer } } }, async (request, reply) => {
    const query = request.query as Record<string, string>;
    const failed = () => reply.redirect(`${clientReturn('steam')}?error=access_denied`, 302);
    if (!enabled('steam') || !checkState(request, config.appSecret, 'steam', query.state)) return failed();
    const steamId = await verifySteamAssertion(settings.steam.openidUrl, query, steamCallback).catch((error: unknown) => {
      request.log.warn({ err: error }, 'steam check_authentication failed');
      return null;
    });
    if (!steamId) return failed();
    clearState(reply);
    return reply.redirect(`${clientReturn('steam')}?code=${encodeURIComponent(mintSocialValue(config.appSecret, 'code', 'steam', steamProfile(steamId)))}`, 302);
  });

  route(typed, routes.socialHandle, {},
    async (request, reply): Promise<SocialHandleResponse> => {
      const { provider, code, state } = request.query;
      if (!enabled(provider)) throw notFound();
      if (provider === 'steam') {
        // The state was checked at the callback; the code is ours, signed and short-lived.
        const profile = readSocialValue(config.appSecret, 'code', 'steam', code);
        if (!profile) throw msgError(400, SOCIAL_FAILED);
        return { provider, provider_access_token: mintSocialValue(config.appSecret, 'token', 'steam', profile) };
      }
      if (!checkState(request, config.appSecret, provider, state)) throw msgError(400, SOCIAL_FAILED);
      const p = provider === 'google' ? settings.google : settings.facebook;
      try {
        // The provider's token was issued to our client id for this code; it stays on the server.
        const profile = await fetchProfile(provider, p, await exchangeCode(p, code, clientReturn(provider)));
        clearState(reply);
        reply.header('cache-control', 'no-store');
        return { provider, provider_access_token: mintSocialValue(config.appSecret, 'token', provider, profile) };
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social code exchange failed');
        throw msgError(400, SOCIAL_FAILED);
      }
    },
  );
}
