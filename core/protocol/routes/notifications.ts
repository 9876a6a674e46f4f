import { route } from '../route.ts';
import type * as contract from './schemas/notifications.ts';

// The notifications centre (docs/community.md, "Notifications"): the player's list and marking it read.

export const notifications = route<typeof contract.notifications>()('GET', '/api/notifications');
export const notificationsRead = route<typeof contract.notificationsRead>()('POST', '/api/notifications/read');
