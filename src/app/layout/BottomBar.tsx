import { Link } from 'react-router';
import { Gamepad2, LogIn, Menu, Package, User } from 'lucide-react';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { Coins } from '../../components/Coin.tsx';
import { Private } from './Private.tsx';
import { useShownBalance } from '../../stores/balance.ts';
import { useNotifications } from '../../features/notifications/notificationsStore.ts';
import { UnreadBadge } from '../../features/notifications/NotificationBell.tsx';

/** The phone bottom bar: Menu, Games, Boxes, Profile, and balance/deposit or login. */
export function BottomBar({ onMenu, onGames }: { onMenu(): void; onGames(): void }) {
  const user = useSession((s) => s.user);
  // The balance store shows it (src/stores/balance.ts); the profile's until the store has one.
  const shownBalance = useShownBalance();
  const open = useModals((s) => s.open);
  // On a phone the header has no room for the bell: the unread count is on Profile, whose links lead to the notifications.
  const unread = useNotifications((s) => s.unread);
  return (
    <nav className="bottom-bar" aria-label="Mobile">
      <button type="button" className="bottom-bar__item" onClick={onMenu}>
        <Menu size={22} aria-hidden />
        <span>Menu</span>
      </button>
      <button type="button" className="bottom-bar__item" onClick={onGames}>
        <Gamepad2 size={22} aria-hidden />
        <span>Games</span>
      </button>
      <Link to="/boxes" className="bottom-bar__item">
        <Package size={22} aria-hidden />
        <span>Boxes</span>
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
        <span>Profile</span>
        {user && unread > 0 && <UnreadBadge count={unread} />}
      </Link>
      {user ? (
        <button type="button" className="bottom-bar__item bottom-bar__money" onClick={() => open('deposit')} aria-label="Balance, deposit">
          <Private>
            <Coins value={shownBalance ?? user.balance} />
          </Private>
          <span>Deposit</span>
        </button>
      ) : (
        <button type="button" className="bottom-bar__item bottom-bar__login guest-only" onClick={() => open('login')}>
          <LogIn size={22} aria-hidden />
          <span>Login</span>
        </button>
      )}
    </nav>
  );
}
