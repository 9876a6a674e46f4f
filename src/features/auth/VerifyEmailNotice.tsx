import { useState } from 'react';
import { MailWarning } from 'lucide-react';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { useSession } from '../../stores/session.ts';
import { useEmailVerifiedElsewhere } from './emailVerifiedSignal.ts';
import './verifyEmailNotice.css';
import { callResponse } from '../../api/call.ts';
import { emailResend } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
/** Stands in the sentence for the address, which is cut in there in bold. */
const EMAIL = '\uE000';

/**
 * For a signed-in player whose email is not verified: what needs it and a "Resend" of the
 * verification mail (POST /api/email/resend). Renders nothing for verified players and guests, and
 * goes once the link has been followed in another tab (emailVerifiedSignal.ts).
 */
export function VerifyEmailNotice({ reason }: { reason: string }) {
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  useEmailVerifiedElsewhere(Boolean(user && !user.verified));
  if (!user || user.verified) return null;
  const resend = async () => {
    setBusy(true);
    try {
      const res = await callResponse(emailResend, { body: { email: user.email } });
      toast.success(res.data.msg);
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  const [before, after] = t('emailNotVerified', { email: EMAIL, reason }).split(EMAIL);
  return (
    <div className="verify-notice" role="status">
      <MailWarning size={22} aria-hidden className="verify-notice__icon" />
      <p>
        {before}
        <strong>{user.email}</strong>
        {after}
      </p>
      <Button variant="secondary" size="small" loading={busy} onClick={resend}>
        {t('resend')}
      </Button>
    </div>
  );
}
