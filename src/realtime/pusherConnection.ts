import Pusher, { type Options } from 'pusher-js';
import type { PublicConfig } from '../../core/protocol/config.ts';
import { cookies, TOKEN_COOKIE } from '../api/cookies.ts';

// The one main-socket connection of the page (docs/product.md §7): pusher-js against our own
// Pusher-protocol server. Host and port come from GET /api/config; when the host is empty the
// socket goes to the page's own origin (the server serves /app/{key} on its HTTP port). The bridge
// loads this module (and pusher-js with it, 16 KiB) beside its first /api/config call, so no page's
// first download carries it; the connection lives in realtimeStore.ts.

interface PageLocation {
  hostname: string;
  port: string;
  protocol: string;
}

export function pusherOptions(config: PublicConfig, page: PageLocation): Options {
  const sameOrigin = config.pusher.host === '';
  // Same origin: the page's scheme decides (a https page cannot open ws://); otherwise the config.
  const tls = sameOrigin ? config.pusher.tls || page.protocol === 'https:' : config.pusher.tls;
  const pagePort = page.port ? Number(page.port) : tls ? 443 : 80;
  const port = config.pusher.port || (sameOrigin ? pagePort : tls ? 443 : 80);
  return {
    cluster: config.pusher.cluster || 'eu',
    wsHost: sameOrigin ? page.hostname : config.pusher.host,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: config.pusher.auth_endpoint,
      transport: 'ajax',
      // Read at each authorization, so a token refreshed or set after connecting is used.
      headersProvider: () => {
        const token = cookies.get(TOKEN_COOKIE);
        return token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : { Accept: 'application/json' };
      },
    },
  };
}

export function createPusher(config: PublicConfig, page: PageLocation = window.location): Pusher {
  return new Pusher(config.pusher.key, pusherOptions(config, page));
}

