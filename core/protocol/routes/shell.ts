import { route } from '../route.ts';
import type * as contract from './schemas/shell.ts';

// The calls of the app's frame, made on every page (the configuration, the profile and the token, the
// drops feed, cashback, the tracking link, the daily bonus). Kept apart from their
// areas because a bundle keeps a module whole: these are in every page's first load, the areas'
// entries load with the pages that call them (docs/performance.md, "Budgets").
// Each entry: method and path, typed by its contract in ./schemas/shell.ts (core/protocol/route.ts).

export const promocodeValidate = route<typeof contract.promocodeValidate>()('POST', '/api/deposit/promocode/validate');
export const promocodeCheck = route<typeof contract.promocodeCheck>()('GET', '/api/deposit/promocode/check');
export const profile = route<typeof contract.profile>()('GET', '/api/profile');
export const logout = route<typeof contract.logout>()('POST', '/api/profile/logout');
export const publicConfig = route<typeof contract.publicConfig>()('GET', '/api/config');
export const trackingLink = route<typeof contract.trackingLink>()('GET', '/api/tl/:utm_source');
export const oauthToken = route<typeof contract.oauthToken>()('POST', '/oauth/token');
export const lastDrops = route<typeof contract.lastDrops>()('GET', '/api/last-drops');
export const cashback = route<typeof contract.cashback>()('GET', '/api/cashback');
