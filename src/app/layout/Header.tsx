import { Link, NavLink } from 'react-router';
import { CircleUserRound, Plus, ShoppingCart, Truck } from 'lucide-react';
import logo from '../../../assets/brand/logo.svg';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { useCart } from '../../features/cart/cartStore.ts';
import { CART_TOGGLE } from '../../features/cart/cartToggle.ts';
import { SoundToggle } from './SoundToggle.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { NAV_LINKS } from './navigation.ts';
import { LevelBadge } from './LevelBadge.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { Private } from './Private.tsx';
import { BackToBattle } from '../../features/battles/BackToBattle.tsx';
import { Coins } from '../../components/Coin.tsx';
import { useShownBalance } from '../../stores/balance.ts';
import { ApproxValue } from '../../features/displayCurrency/ApproxValue.tsx';
import { liftSessionMark } from '../../features/auth/authSession.ts';
import { useLayoutEffect } from 'react';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={t('home')}>
      <img src={logo} alt="" width={40} height={40} />
      <span className="logo__text">
        {/* The wordmark, the brand's name in every language. */}
        {'Mystery'}
        <strong>{'Box'}</strong>
      </span>
    </Link>
  );
}

export function Header() {
  const user = useSession((s) => s.user);
  // The balance store shows it (src/stores/balance.ts); the profile's until the store has one.
  const shownBalance = useShownBalance();
  const cartOpen = useCart((s) => s.open);
  const toggleCart = useCart((s) => s.toggle);
  const open = useModals((s) => s.open);
  // The player's controls are in the DOM: the session mark's placeholders go in the same frame
  // (authSession.ts restoreSession), so neither the guest's controls nor an empty header shows.
  useLayoutEffect(() => {
    if (user) liftSessionMark();
  }, [user]);
  return (
    <header className="header">
      <div className="header__inner">
        <Logo />
        <nav className="header__nav" aria-label={t('mainNav')}>
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              title={t(link.label)}
              className={({ isActive }) => `nav-link${isActive ? ' nav-link--active' : ''}${link.hideOnMobile ? ' nav-link--desktop' : ''}`}
              onClick={(event) => {
                // Free loot needs a login: a guest gets the login modal instead of a bounce.
                if (link.auth && !user) {
                  event.preventDefault();
                  open('login');
                }
              }}
            >
              <link.icon size={18} aria-hidden />
              <span>{t(link.label)}</span>
              {link.isNew && <span className="nav-link__new">{t('new')}</span>}
            </NavLink>
          ))}
        </nav>
        <div className="header__actions">
          <SoundToggle />
          {user ? (
            <>
              <BackToBattle />
              <NotificationBell />
              <button type="button" className="icon-button" aria-label={t('cart')} aria-expanded={cartOpen} onClick={toggleCart} {...{ [CART_TOGGLE]: '' }}>
                <ShoppingCart size={20} aria-hidden />
              </button>
              <Link to="/profile/delivery" className="icon-button header__desktop" aria-label={t('delivery')}>
                <Truck size={20} aria-hidden />
              </Link>
              <div className="balance">
                <button type="button" className="balance__amount" onClick={() => open('deposit')} aria-label={t('balanceDeposit')}>
                  <Private>
                    <Coins value={shownBalance ?? user.balance} />
                    <ApproxValue coins={shownBalance ?? user.balance} />
                  </Private>
                </button>
                <button type="button" className="balance__plus" onClick={() => open('deposit')} aria-label={t('deposit')}>
                  <Plus size={20} strokeWidth={3} aria-hidden />
                </button>
              </div>
              {/* On a phone the name is hidden and the avatar is an image without text: the label names the link. */}
              <Link to="/profile" className="header__user" aria-label={user.streamer_mode ? t('profile') : t('userProfile', { name: user.name })}>
                <UserAvatar user={user} />
                <span className="header__user-name header__desktop">
                  <Private>{user.name}</Private>
                </span>
                <LevelBadge level={user.user_level.level} size={28} />
              </Link>
            </>
          ) : (
            <>
              <button type="button" className="btn btn--secondary header__desktop header__login guest-only" onClick={() => open('login')}>
                {t('login')}
              </button>
              <button type="button" className="btn btn--primary header__desktop guest-only" onClick={() => open('register')}>
                {t('signUp')}
              </button>
              <button type="button" className="icon-button header__mobile guest-only" aria-label={t('login')} onClick={() => open('login')}>
                <CircleUserRound size={24} aria-hidden />
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
