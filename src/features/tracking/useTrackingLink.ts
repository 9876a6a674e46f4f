import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { cookies, TRACKING_COOKIE } from '../../api/cookies.ts';
import { callResponse } from '../../api/call.ts';
import { trackingLink } from '../../../core/protocol/routes/shell.ts';

const UTM_EXTRA = ['utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The end of the visitor's day: the tracking cookie lives until then (docs/product.md §9). */
export function endOfDay(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
}

/**
 * When the URL has utm_source and the path is not /ref/…, registers the tracking link
 * (GET /api/tl/{utm_source} with the other utm values) and keeps its token in the trackingLink
 * cookie, which the request interceptor sends with every call (src/api/http.ts).
 */
export function useTrackingLink(): void {
  const { pathname, search } = useLocation();
  // Other query changes (a modal parameter dropped) must not count the same visit again.
  const registered = useRef('');
  useEffect(() => {
    const params = new URLSearchParams(search);
    const source = params.get('utm_source');
    if (!source || pathname.startsWith('/ref/')) return;
    const query: Record<string, string> = {};
    for (const key of UTM_EXTRA) {
      const value = params.get(key);
      if (value) query[key] = value;
    }
    const key = JSON.stringify([source, query]);
    if (registered.current === key) return;
    registered.current = key;
    callResponse(trackingLink, { params: { utm_source: source }, query })
      .then((res) => cookies.set(TRACKING_COOKIE, res.data.data.token, { expires: endOfDay(), sameSite: 'lax', path: '/' }))
      .catch((error: unknown) => console.warn('tracking link failed', error));
  }, [pathname, search]);
}
