import { useEffect, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { LoginForm } from './LoginForm.tsx';
import { TwoFactorLoginForm } from './TwoFactorLoginForm.tsx';
import { useTwoFactorStep } from './twoFactorStep.ts';
import { SocialButtons } from './SocialButtons.tsx';
import { InvitationNote } from '../referral/InvitationNote.tsx';
import './auth.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The auth modal with tabs Sign Up and Login (docs/product.md §2, §4). It is registered as both 'register'
// and 'login'; the open modal's name is the tab, so switching tabs is opening the other name (the
// same component stays mounted). It opens only when logged out: a signed-in user closes it at once.
export default function AuthModal() {
  const modal = useModals((s) => s.modal);
  const open = useModals((s) => s.open);
  const close = useModals((s) => s.close);
  const user = useSession((s) => s.user);
  const codeStep = useTwoFactorStep((s) => s.token !== null);
  // What the sign-up just registered, for the Login tab that follows it: only in this modal's state,
  // gone when it closes (docs/accounts.md, "Login after registration").
  const [carried, setCarried] = useState<{ email: string; password: string } | undefined>(undefined);
  const tab = modal === 'register' ? 'register' : 'login';

  useEffect(() => {
    if (user) close();
  }, [user, close]);
  if (user) return null;

  return (
    <Modal className="auth-modal" label={tab === 'register' ? t('signUp') : t('login')}>
      <div className="auth-tabs" role="tablist" aria-label={t('account')}>
        <button type="button" role="tab" aria-selected={tab === 'register'} className="auth-tabs__tab" onClick={() => open('register')}>
          {t('signUp')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'login'} className="auth-tabs__tab" onClick={() => open('login')}>
          {t('login')}
        </button>
      </div>
      {tab === 'register' && <InvitationNote />}
      <div role="tabpanel">
        {tab === 'register' ? (
          <RegisterForm
            key="register"
            onRegistered={(email, password) => {
              setCarried({ email, password });
              open('login');
            }}
          />
        ) : codeStep ? (
          <TwoFactorLoginForm key="code" />
        ) : (
          <LoginForm key="login" carried={carried} />
        )}
      </div>
      <SocialButtons />
    </Modal>
  );
}
