import type { PublicConfig } from '../../core/protocol/config.ts';
import { setApiBaseUrl } from '../api/http.ts';
import { publicConfig } from '../api/publicConfig.ts';

/** The API base URL the runtime configuration asks for; empty api_url means this origin. */
export function apiBaseUrl(config: Pick<PublicConfig, 'api_url'>): string {
  return config.api_url ? config.api_url.replace(/\/+$/, '') + '/' : '/';
}

/** Points the HTTP client at the configured API once GET /api/config answers. */
export async function applyApiBaseUrl(): Promise<void> {
  try {
    setApiBaseUrl(apiBaseUrl(await publicConfig()));
  } catch {
    // Config unreachable: keep the same-origin default; the next feature that reads the config retries.
  }
}
