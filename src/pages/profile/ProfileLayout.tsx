import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/authSession.ts';
import './profile.css';
import messages from './i18n/en-US.json';
import shellMessages from '../../app/layout/i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
const tShell = translator(shellMessages);
type LinkLabel = keyof typeof messages | keyof typeof shellMessages;

/** A link's name: this area's, or the shell's where the header and footer already name it. */
function linkLabel(label: LinkLabel): string {
  return label in messages ? t(label as keyof typeof messages) : tShell(label as keyof typeof shellMessages);
}

// The /profile section (login required by the route guard): its child links and the child page.
export const PROFILE_LINKS = [
  { to: '/profile', label: 'profile', end: true },
  { to: '/profile/notifications', label: 'navNotifications' },
  { to: '/profile/inventory', label: 'inventory' },
  { to: '/profile/my-boxes', label: 'navMyBoxes' },
  { to: '/profile/deposit', label: 'navDeposits' },
  { to: '/profile/withdraw', label: 'navWithdrawals' },
  { to: '/profile/history', label: 'navHistory' },
  { to: '/profile/delivery', label: 'delivery' },
  { to: '/profile/shipping', label: 'navShipping' },
  { to: '/profile/referral', label: 'affiliates' },
  { to: '/profile/vip', label: 'navVip' },
  { to: '/profile/support', label: 'support' },
  { to: '/profile/limits', label: 'navLimits' },
  { to: '/profile/verification', label: 'navVerification' },
  { to: '/profile/security', label: 'navSecurity' },
] as const satisfies readonly { to: string; label: LinkLabel; end?: boolean }[];

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
      <nav className="profile__nav" aria-label={tShell('profile')} ref={hint.nav} onScroll={hint.measure} data-more={hint.more ?? undefined}>
        {PROFILE_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end={'end' in link ? link.end : false} className="profile__link">
            {linkLabel(link.label)}
          </NavLink>
        ))}
        <button type="button" className="profile__link profile__logout" onClick={() => void signOut()}>
          {t('logout')}
        </button>
      </nav>
      <div className="profile__content">
        <Outlet />
      </div>
    </div>
  );
}
