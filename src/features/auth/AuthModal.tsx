import { useEffect } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { LoginForm } from './LoginForm.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useRegisteredEmail } from './registeredEmail.ts';
import './auth.css';

// The auth modal with tabs Sign Up and Login (docs/product.md §2, §4). It is registered as both 'register'
// and 'login'; the open modal's name is the tab, so switching tabs is opening the other name.
// It opens only when logged out: a signed-in user closes it at once.
export default function AuthModal() {
  const modal = useModals((s) => s.modal);
  const open = useModals((s) => s.open);
  const close = useModals((s) => s.close);
  const user = useSession((s) => s.user);
  const rememberEmail = useRegisteredEmail((s) => s.remember);
  const tab = modal === 'register' ? 'register' : 'login';
  // The mailed verification link lands on /?verified=1&modal=login (0 when invalid or expired).
  const verified = new URLSearchParams(location.search).get('verified');

  useEffect(() => {
    if (user) close();
  }, [user, close]);
  if (user) return null;

  return (
    <Modal className="auth-modal">
      <div className="auth-tabs" role="tablist" aria-label="Account">
        <button type="button" role="tab" aria-selected={tab === 'register'} className="auth-tabs__tab" onClick={() => open('register')}>
          Sign Up
        </button>
        <button type="button" role="tab" aria-selected={tab === 'login'} className="auth-tabs__tab" onClick={() => open('login')}>
          Login
        </button>
      </div>
      {tab === 'login' && verified === '1' && <p className="auth-notice auth-notice--ok">Your email has been verified. You can log in now.</p>}
      {tab === 'login' && verified === '0' && <p className="auth-notice auth-notice--error">This verification link is invalid or has expired.</p>}
      <div role="tabpanel">
        {tab === 'register' ? (
          <RegisterForm
            key="register"
            onRegistered={(email) => {
              rememberEmail(email);
              open('login');
            }}
          />
        ) : (
          <LoginForm key="login" />
        )}
      </div>
      <SocialButtons />
    </Modal>
  );
}
