import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../stores/session.ts';
import { useModals } from '../stores/modals.ts';
import { cookies, TOKEN_COOKIE } from '../api/cookies.ts';

export type GuardState = 'allow' | 'wait' | 'deny';

/** What a route that needs a login may do now. A token cookie without a loaded user means the profile is still loading. */
export function guardState(needsAuth: boolean, hasUser: boolean, hasToken: boolean): GuardState {
  if (!needsAuth || hasUser) return 'allow';
  return hasToken ? 'wait' : 'deny';
}

/** Routes with `handle.auth` while logged out: go home and open the login modal. */
export function useRouteGuard(needsAuth: boolean): GuardState {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const open = useModals((s) => s.open);
  const state = guardState(needsAuth, user !== null, Boolean(cookies.get(TOKEN_COOKIE)));
  useEffect(() => {
    if (state !== 'deny') return;
    navigate('/', { replace: true });
    open('login');
  }, [state, navigate, open]);
  return state;
}
