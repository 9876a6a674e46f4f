import type { PublicConfig } from '../../core/protocol/config.ts';
import { call } from './call.ts';
import { publicConfig as publicConfigRoute } from '../../core/protocol/routes/shell.ts';

// The runtime configuration (GET /api/config): the API's and the realtime servers' addresses, OAuth
// client, captcha provider, social providers. Fetched once per page life and shared by everything
// that reads it (the API base URL, the realtime bridge, the round games' socket, sign-in), so a page
// asks for it once; a failed fetch is retried on the next call.
let pending: Promise<PublicConfig> | null = null;

export function publicConfig(): Promise<PublicConfig> {
  pending ??= call(publicConfigRoute, {}).then(
    (config) => config,
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
