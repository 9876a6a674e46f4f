import type { PublicConfig } from '../../core/protocol/config.ts';
import { api } from '../api/http.ts';
import { publicConfig } from '../features/auth/publicConfig.ts';

/** The API base URL the runtime configuration asks for; empty api_url means this origin. */
export function apiBaseUrl(config: Pick<PublicConfig, 'api_url'>): string {
  return config.api_url ? config.api_url.replace(/\/+$/, '') + '/' : '/';
}

/** Points the shared axios instance at the configured API once GET /api/config answers. */
export async function applyApiBaseUrl(): Promise<void> {
  try {
    api.defaults.baseURL = apiBaseUrl(await publicConfig());
  } catch {
    // Config unreachable: keep the same-origin default; the next feature that reads the config retries.
  }
}
