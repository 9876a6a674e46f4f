import { fetchProfile, SocialError, type SocialProfile } from './oauth2Provider.ts';
import { readSteamValue } from './steamTokens.ts';
import type { Config } from '../../config.ts';

/** The provider's profile behind an access token of grant_type social (throws when rejected). */
export async function socialProfileFromToken(config: Pick<Config, 'accounts' | 'appSecret'>, provider: string, accessToken: string): Promise<SocialProfile> {
  if (provider === 'google' || provider === 'facebook') return fetchProfile(provider, config.accounts[provider], accessToken);
  if (provider === 'steam') {
    const steamId = readSteamValue(config.appSecret, 'token', accessToken);
    if (!steamId) throw new SocialError('invalid steam token');
    return { id: steamId, name: `Steam player ${steamId.slice(-4)}`, email: null, emailVerified: false, avatarUrl: null };
  }
  throw new SocialError(`unknown provider ${provider}`);
}
