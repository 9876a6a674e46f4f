import type { Config } from './config.ts';
import type { PublicConfig } from '../core/protocol/config.ts';

// What the browser needs to know at run time. The first-party OAuth client's secret is public
// by nature (it ships in every browser, as with Laravel Passport's password grant clients).
export function publicConfig(config: Config): PublicConfig {
  return {
    app_name: 'Open Mystery Boxes | Provably Fair and Authentic',
    api_url: '',
    pusher: {
      key: config.pusher.key,
      cluster: config.pusher.cluster,
      host: config.pusher.publicHost,
      port: config.pusher.publicPort,
      tls: config.pusher.publicTls,
      auth_endpoint: '/broadcasting/auth',
    },
    socket: { url: config.socketUrl, staging_url: config.socketUrl },
    captcha: { provider: config.captcha.provider, site_key: config.captcha.siteKey },
    login_captcha: { provider: config.accounts.loginCaptcha.provider, site_key: config.accounts.loginCaptcha.siteKey },
    oauth: { client_id: config.oauth.clientId, client_secret: config.oauth.clientSecret },
    social_providers: config.socialProviders,
    features: Object.fromEntries(config.features.map((f) => [f, true])),
  };
}
