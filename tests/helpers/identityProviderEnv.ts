// The app's environment for the local identity provider of tests/helpers/identityProvider.ts
// (kept apart so the e2e server script can use it without loading the provider itself).

export const IDP_CLIENT_SECRET = 'idp-client-secret';

/** The app's environment for an identity provider at these addresses. */
export function identityProviderEnv(oauthUrl: string, steamUrl: string): Record<string, string> {
  return {
    SOCIAL_PROVIDERS: 'google,facebook,steam',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: IDP_CLIENT_SECRET,
    GOOGLE_AUTH_URL: `${oauthUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${oauthUrl}/token`,
    GOOGLE_USERINFO_URL: `${oauthUrl}/userinfo`,
    FACEBOOK_CLIENT_ID: 'facebook-client',
    FACEBOOK_CLIENT_SECRET: IDP_CLIENT_SECRET,
    FACEBOOK_AUTH_URL: `${oauthUrl}/authorize`,
    FACEBOOK_TOKEN_URL: `${oauthUrl}/token`,
    FACEBOOK_USERINFO_URL: `${oauthUrl}/userinfo?fields=id,name,email,picture`,
    STEAM_OPENID_URL: steamUrl,
  };
}

/** The environment for an identity provider started with a fixed port (OAuth on port, Steam on port + 1). */
export function identityProviderEnvForPort(port: number, host = '127.0.0.1'): Record<string, string> {
  return identityProviderEnv(`http://${host}:${port}`, `http://${host}:${port + 1}/openid/login`);
}
