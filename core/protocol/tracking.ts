import { z } from 'zod';

// GET /api/tl/{utm_source} (docs/product.md §7): registers a visit of a tracking link; the answer's token is
// what the client keeps in the `trackingLink` cookie and sends back in the X-Tracking-Link header.
export const TRACKING_HEADER = 'x-tracking-link';
// A safe character set: letters, digits, spaces and . _ ~ + - (what campaign tools write). Tabs,
// newlines and other control characters once forged rows in the operators' tab-separated report.
const utmValue = z
  .string()
  .trim()
  .max(100, { error: 'utm values may have at most 100 characters' })
  .regex(/^[\p{L}\p{N} ._~+-]*$/u, { error: 'utm values may contain only letters, digits, spaces and . _ ~ + -' });

export const trackingParams = z.object({ utm_source: utmValue.min(1) });
export const trackingQuery = z.object({
  utm_medium: utmValue.optional(),
  utm_campaign: utmValue.optional(),
  utm_term: utmValue.optional(),
  utm_content: utmValue.optional(),
});
export type TrackingQuery = z.infer<typeof trackingQuery>;
export const trackingResponse = z.object({ data: z.object({ token: z.string(), source: z.string() }) });
export type TrackingResponse = z.infer<typeof trackingResponse>;
