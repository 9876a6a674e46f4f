import { Link } from 'react-router';
import { Gamepad2, LogIn, Menu, Package, User } from 'lucide-react';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { Coins } from '../../components/Coin.tsx';
import { Private } from './Private.tsx';
import { useShownBalance } from '../../stores/balance.ts';
import { useNotifications } from '../../features/notifications/notificationsStore.ts';
import { UnreadBadge } from '../../features/notifications/NotificationBell.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** The phone bottom bar: Menu, Games, Boxes, Profile, and balance/deposit or login. */
export function BottomBar({ onMenu, onGames }: { onMenu(): void; onGames(): void }) {
  const user = useSession((s) => s.user);
  // The balance store shows it (src/stores/balance.ts); the profile's until the store has one.
  const shownBalance = useShownBalance();
  const open = useModals((s) => s.open);
  // On a phone the header has no room for the bell: the unread count is on Profile, whose links lead to the notifications.
  const unread = useNotifications((s) => s.unread);
  return (
    <nav className="bottom-bar" aria-label={t('mobileNav')}>
      <button type="button" className="bottom-bar__item" onClick={onMenu}>
        <Menu size={22} aria-hidden />
        <span>{t('menu')}</span>
      </button>
      <button type="button" className="bottom-bar__item" onClick={onGames}>
        <Gamepad2 size={22} aria-hidden />
        <span>{t('games')}</span>
      </button>
      <Link to="/boxes" className="bottom-bar__item">
        <Package size={22} aria-hidden />
        <span>{t('boxes')}</span>
      </Link>
      <Link
        to="/profile"
        className="bottom-bar__item"
        onClick={(event) => {
          // A guest's Profile opens the register modal (docs/product.md §2 Header).
          if (!user) {
            event.preventDefault();
            open('register');
          }
        }}
      >
        <User size={22} aria-hidden />
        <span>{t('profile')}</span>
        {user && unread > 0 && <UnreadBadge count={unread} />}
      </Link>
      {user ? (
        <button type="button" className="bottom-bar__item bottom-bar__money" onClick={() => open('deposit')} aria-label={t('balanceDeposit')}>
          <Private>
            <Coins value={shownBalance ?? user.balance} />
          </Private>
          <span>{t('deposit')}</span>
        </button>
      ) : (
        <button type="button" className="bottom-bar__item bottom-bar__login guest-only" onClick={() => open('login')}>
          <LogIn size={22} aria-hidden />
          <span>{t('login')}</span>
        </button>
      )}
    </nav>
  );
}
