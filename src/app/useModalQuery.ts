import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../stores/session.ts';
import { useModals, type ModalName } from '../stores/modals.ts';
import { cookies, TOKEN_COOKIE } from '../api/cookies.ts';

const QUERY_MODALS = ['login', 'register', 'deposit'] as const;

/**
 * Which modal `?modal=` asks for, given who is signed in: deposit while logged out → register; the auth
 * modals only for guests; null while a token's profile is still loading (decide once it arrives).
 */
export function modalForQuery(value: string | null, signedIn: boolean, loading: boolean): ModalName | null {
  if (!value || !(QUERY_MODALS as readonly string[]).includes(value)) return null;
  if (loading) return null;
  if (value === 'deposit') return signedIn ? 'deposit' : 'register';
  return signedIn ? null : (value as ModalName);
}

/** `?modal=login|register|deposit` opens that modal on any page; the parameter is then dropped (others such as promocode stay). */
export function useModalQuery(): void {
  const [params, setParams] = useSearchParams();
  const user = useSession((s) => s.user);
  const open = useModals((s) => s.open);
  const value = params.get('modal');
  const loading = !user && Boolean(cookies.get(TOKEN_COOKIE));
  useEffect(() => {
    if (!value || loading) return;
    const name = modalForQuery(value, user !== null, loading);
    if (name) open(name);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('modal');
        return next;
      },
      { replace: true },
    );
  }, [value, loading, user, open, setParams]);
}
