import type { FastifyInstance } from 'fastify';
import { requireUserId, bearerToken } from '../../plugins/auth.ts';
import { findUserById } from '../../accounts/users.ts';
import { familyOfAccessToken, revokeFamily } from '../../accounts/tokens.ts';
import { centsToCoins } from '../../../core/money/cents.ts';
import { levelOf } from '../../../core/games/levels.ts';
import { unauthenticated } from '../../http/errors.ts';
import { type ProfileAnswer } from '../../../core/protocol/user.ts';
import { route } from '../../http/route.ts';
import { keepMailLocale, requestLocale } from '../../i18n/language.ts';
import { routes } from '../../../core/protocol/routeTable.ts';

// GET /api/profile (the signed-in player, docs/product.md §3) and POST /api/profile/logout (ends this
// sign-in: its access and refresh tokens). Other /api/profile calls belong to other areas.
export default async function profileRoutes(app: FastifyInstance) {
  route(app, routes.profile, { onRequest: app.authenticate }, async (request): Promise<ProfileAnswer> => {
    const user = await findUserById(app.db, requireUserId(request));
    if (!user) throw unauthenticated();
    await keepMailLocale(app.db, { id: Number(user.id), locale: user.locale }, requestLocale(request));
    const { balance } = await app.wallet.account(user.id);
    return {
      data: {
        id: Number(user.id),
        name: user.name,
        avatar_url: user.avatar_url,
        email: user.email,
        verified: user.email_verified_at !== null,
        balance: centsToCoins(Number(balance)),
        user_level: levelOf(Number(user.wagered)),
        streamer_mode: user.streamer_mode,
      },
    };
  });

  route(app, routes.logout, { onRequest: app.authenticate }, async (request) => {
    const token = bearerToken(request);
    const family = token ? await familyOfAccessToken(app.db, token) : null;
    if (family) await revokeFamily(app.db, family);
    app.tokenOwners.forget(request.tokenHash!);
    return { msg: 'Logged out successfully.' };
  });
}
