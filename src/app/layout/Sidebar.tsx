import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { MessageCircle, X } from 'lucide-react';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { FOOTER_LINKS, NAV_LINKS } from './navigation.ts';
import { LevelBadge } from './LevelBadge.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { CashbackBanner } from './CashbackBanner.tsx';
import { Coins } from '../../components/Coin.tsx';
import { useShownBalance } from '../../stores/balance.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

export type SidebarSection = 'menu' | 'games';

/**
 * The mobile menu overlay: who is signed in, the cashback link (not on plinko), game links, the chat
 * (a phone has no floating Chat button: it stood over the game pages' bet and cash-out buttons), footer links.
 */
export function Sidebar({ section, onClose, onChat, showCashback }: { section: SidebarSection; onClose(): void; onChat(): void; showCashback: boolean }) {
  const user = useSession((s) => s.user);
  // The balance store shows it (src/stores/balance.ts); the profile's until the store has one.
  const shownBalance = useShownBalance();
  const open = useModals((s) => s.open);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="sidebar-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sidebar" role="dialog" aria-modal="true" aria-label={section === 'games' ? t('games') : t('menu')}>
        <div className="sidebar__head">
          {user ? (
            <Link to="/profile" className="sidebar__user" onClick={onClose}>
              <UserAvatar user={user} size={44} />
              <span>
                <strong>{user.name}</strong>
                <Coins value={shownBalance ?? user.balance} />
              </span>
              <LevelBadge level={user.user_level.level} />
            </Link>
          ) : (
            <div className="sidebar__guest">
              <button type="button" className="btn btn--secondary" onClick={() => (onClose(), open('login'))}>
                {t('login')}
              </button>
              <button type="button" className="btn btn--primary" onClick={() => (onClose(), open('register'))}>
                {t('signUp')}
              </button>
            </div>
          )}
          <button type="button" className="icon-button" aria-label={t('closeMenu')} onClick={onClose}>
            <X size={22} aria-hidden />
          </button>
        </div>
        {user && showCashback && (
          <div onClick={onClose}>
            <CashbackBanner placement="sidebar" />
          </div>
        )}
        <nav className="sidebar__games" aria-label={t('games')}>
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className="sidebar__game"
              onClick={(event) => {
                if (link.auth && !user) {
                  event.preventDefault();
                  open('login');
                }
                onClose();
              }}
            >
              <link.icon size={22} aria-hidden />
              <span>{t(link.label)}</span>
              {link.isNew && <span className="nav-link__new">{t('new')}</span>}
            </NavLink>
          ))}
        </nav>
        {section === 'menu' && (
          <button type="button" className="sidebar__game sidebar__chat" onClick={() => (onClose(), onChat())}>
            <MessageCircle size={22} aria-hidden />
            <span>{t('chat')}</span>
          </button>
        )}
        {section === 'menu' && (
          <ul className="sidebar__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={onClose}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
