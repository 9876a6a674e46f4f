import type { Params, UIMatch } from 'react-router';
import type { RouteHandle } from './routes.tsx';

export interface ActiveRoute {
  auth: boolean;
  dark: boolean;
  /** False when a matched route's own validation rejects the params: the page renders as a 404. */
  valid: boolean;
}

/** Folds the handles of all matched routes: a parent's `auth` covers its children (the /profile section). */
export function activeRoute(matches: readonly UIMatch<unknown, unknown>[]): ActiveRoute {
  let auth = false;
  let dark = false;
  let valid = true;
  for (const match of matches) {
    const handle = (match.handle ?? {}) as RouteHandle;
    if (handle.auth) auth = true;
    if (handle.dark) dark = true;
    if (handle.validate && !handle.validate(match.params as Params)) valid = false;
  }
  return { auth, dark, valid };
}
