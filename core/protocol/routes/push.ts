import { route } from '../route.ts';
import type * as contract from './schemas/push.ts';

// Web push (docs/community.md, "Web push"): the server's key, and the player's browser subscriptions.

export const pushKey = route<typeof contract.pushKey>()('GET', '/api/push/key');
export const pushSubscriptions = route<typeof contract.pushSubscriptions>()('GET', '/api/push/subscriptions');
export const pushSubscribe = route<typeof contract.pushSubscribe>()('PUT', '/api/push/subscriptions');
export const pushUnsubscribe = route<typeof contract.pushUnsubscribe>()('POST', '/api/push/subscriptions/remove');
