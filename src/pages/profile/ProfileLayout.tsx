import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/authSession.ts';
import './profile.css';

// The /profile section (login required by the route guard): its child links and the child page.
export const PROFILE_LINKS = [
  { to: '/profile', label: 'Profile', end: true },
  { to: '/profile/notifications', label: 'Notifications' },
  { to: '/profile/inventory', label: 'Inventory' },
  { to: '/profile/my-boxes', label: 'My boxes' },
  { to: '/profile/deposit', label: 'Deposits' },
  { to: '/profile/withdraw', label: 'Withdrawals' },
  { to: '/profile/history', label: 'History' },
  { to: '/profile/delivery', label: 'Delivery' },
  { to: '/profile/shipping', label: 'Shipping' },
  { to: '/profile/referral', label: 'Affiliates' },
  { to: '/profile/vip', label: 'VIP' },
  { to: '/profile/support', label: 'Support' },
  { to: '/profile/limits', label: 'Limits' },
  { to: '/profile/verification', label: 'Verification' },
  { to: '/profile/security', label: 'Security' },
] as const;

/**
 * On a phone the links are one row that scrolls sideways: it says so with a fade on the side that
 * has more (data-more), and the current page's link is scrolled into view.
 */
function useScrollHint() {
  const nav = useRef<HTMLElement>(null);
  const [more, setMore] = useState<'start' | 'end' | 'both' | null>(null);
  const measure = useCallback(() => {
    const el = nav.current;
    if (!el) return;
    const before = el.scrollLeft > 4;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 4;
    setMore(before && after ? 'both' : after ? 'end' : before ? 'start' : null);
  }, []);
  const { pathname } = useLocation();
  useEffect(() => {
    nav.current?.querySelector('.active')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [pathname, measure]);
  return { nav, more, measure };
}

export default function ProfileLayout() {
  const navigate = useNavigate();
  const hint = useScrollHint();
  const signOut = async () => {
    await logout();
    await navigate('/', { replace: true });
  };
  return (
    <div className="profile">
      <nav className="profile__nav" aria-label="Profile" ref={hint.nav} onScroll={hint.measure} data-more={hint.more ?? undefined}>
        {PROFILE_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end={'end' in link ? link.end : false} className="profile__link">
            {link.label}
          </NavLink>
        ))}
        <button type="button" className="profile__link profile__logout" onClick={() => void signOut()}>
          Logout
        </button>
      </nav>
      <div className="profile__content">
        <Outlet />
      </div>
    </div>
  );
}
