import { route } from '../route.ts';
import type * as contract from './schemas/killSwitches.ts';

// Kill switches (docs/operator-console.md, "Kill switches"): the public list of what is switched off,
// which the game pages, the cashier and the sign-up read; the console's list and toggle.

export const killSwitchesOff = route<typeof contract.killSwitchesOff>()('GET', '/api/kill-switches');
export const adminKillSwitches = route<typeof contract.adminKillSwitches>()('GET', '/api/admin/kill-switches');
export const adminKillSwitchUpdate = route<typeof contract.adminKillSwitchUpdate>()('PUT', '/api/admin/kill-switches/:key');
