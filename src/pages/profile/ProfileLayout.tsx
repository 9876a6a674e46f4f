import { NavLink, Outlet, useNavigate } from 'react-router';
import { logout } from '../../features/auth/authSession.ts';
import './profile.css';

// The /profile section (login required by the route guard): its child links and the child page.
export const PROFILE_LINKS = [
  { to: '/profile', label: 'Profile', end: true },
  { to: '/profile/inventory', label: 'Inventory' },
  { to: '/profile/my-boxes', label: 'My boxes' },
  { to: '/profile/deposit', label: 'Deposits' },
  { to: '/profile/withdraw', label: 'Withdrawals' },
  { to: '/profile/delivery', label: 'Delivery' },
  { to: '/profile/shipping', label: 'Shipping' },
  { to: '/profile/referral', label: 'Affiliates' },
  { to: '/profile/support', label: 'Support' },
] as const;

export default function ProfileLayout() {
  const navigate = useNavigate();
  const signOut = async () => {
    await logout();
    await navigate('/', { replace: true });
  };
  return (
    <div className="profile">
      <nav className="profile__nav" aria-label="Profile">
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
