import type { SocialProfile } from './oauth2Provider.ts';
import { readSocialValue } from './socialTokens.ts';
import type { Config } from '../../config.ts';

/**
 * The profile behind the access token of grant_type social: only the value /social/handle minted
 * after proving the identity itself (socialTokens.ts). Null for anything else, a provider's own
 * access token included.
 */
export function socialProfileFromToken(config: Pick<Config, 'appSecret'>, provider: string, accessToken: string): SocialProfile | null {
  if (!['google', 'facebook', 'steam'].includes(provider)) return null;
  return readSocialValue(config.appSecret, 'token', provider, accessToken);
}
