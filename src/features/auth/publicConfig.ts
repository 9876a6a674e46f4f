import type { PublicConfig } from '../../../core/protocol/config.ts';
import { call } from '../../api/call.ts';
import { publicConfig as publicConfigRoute } from '../../../core/protocol/routes/shell.ts';

// The runtime configuration (GET /api/config): OAuth client, captcha provider, social providers.
// Fetched once and shared; a failed fetch is retried on the next call.
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
