import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Gift } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { rememberReferral } from '../../features/referral/referralCookie.ts';
import './referral.css';

// /ref/{link}: a friend's invitation. The code is remembered (cookie until sign-up) and the
// sign-up opens at once; the server checks the code when the account is made.
export default function RefLandingPage() {
  const { link = '' } = useParams();
  const signedIn = useSession((s) => s.user !== null);
  const open = useModals((s) => s.open);
  useEffect(() => {
    if (!link || signedIn) return;
    rememberReferral(link);
    open('register');
  }, [link, signedIn, open]);

  return (
    <section className="page ref-landing">
      <div className="ref-landing__card">
        <Gift size={48} className="ref-landing__icon" aria-hidden />
        <h1>You have been invited</h1>
        {signedIn ? (
          <p>You are already signed in, so this invitation does not apply to your account.</p>
        ) : (
          <>
            <p>
              Sign up with the invitation <strong className="ref-landing__code">{link}</strong> and start opening boxes and playing games.
            </p>
            <Button size="large" onClick={() => open('register')}>
              Sign Up
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
