import type { PublicConfig } from '../../../core/protocol/config.ts';
import { api } from '../../api/http.ts';

// The runtime configuration (GET /api/config): OAuth client, captcha provider, social providers.
// Fetched once and shared; a failed fetch is retried on the next call.
let pending: Promise<PublicConfig> | null = null;

export function publicConfig(): Promise<PublicConfig> {
  pending ??= api.get<PublicConfig>('/api/config').then(
    (res) => res.data,
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
