import { useState } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { loginForm, type LoginForm as LoginValues } from '../../../core/protocol/auth.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { useModals } from '../../stores/modals.ts';
import { loginWithPassword } from './signIn.ts';
import { dataMessage } from './formErrors.ts';
import { refusalOf } from '../../api/http.ts';
import { publicConfig } from '../../api/publicConfig.ts';
import { LoginChallenge } from './LoginChallenge.tsx';
import type { PublicConfig } from '../../../core/protocol/config.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** Whether a failed login's answer asks for the challenge before the next attempt (docs/security.md). */
const asksForCaptcha = (error: unknown) => refusalOf<{ captcha_required?: boolean }>(error)?.captcha_required === true;

/**
 * Login: email and password (docs/product.md §5), filled in with `carried` after a sign-up in the same
 * modal (one press of Login then signs in); success stores the tokens, closes the modal, loads the
 * profile. Once an answer says `captcha_required`, the configured challenge is shown and its
 * token sent with the next attempt; each attempt uses its token up, so the widget starts afresh.
 */
export function LoginForm({ carried }: { carried?: { email: string; password: string } }) {
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<PublicConfig['login_captcha'] | null>(null);
  const [captcha, setCaptcha] = useState('');
  const [attempt, setAttempt] = useState(0);
  const open = useModals((s) => s.open);
  const form = useFormEngine<LoginValues>(loginForm, { defaultValues: { email: carried?.email ?? '', password: carried?.password ?? '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await loginWithPassword(values.email, values.password, captcha);
    } catch (error) {
      toast.error(dataMessage(error));
      setCaptcha('');
      setAttempt((n) => n + 1);
      if (asksForCaptcha(error)) {
        const configured = await publicConfig().then((config) => config.login_captcha, () => null);
        if (configured && configured.provider !== 'none') setChallenge(configured);
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('login')}>
      <TextInput label={t('email')} type="email" autoComplete="email" placeholder={t('email')} error={errors.email?.message} {...form.register('email')} />
      <TextInput label={t('password')} type="password" autoComplete="current-password" placeholder={t('password')} error={errors.password?.message} {...form.register('password')} />
      <button type="button" className="auth-form__link" onClick={() => open('forgot')}>
        {t('forgotPasswordLink')}
      </button>
      {challenge && challenge.provider !== 'none' && <LoginChallenge key={attempt} provider={challenge.provider} siteKey={challenge.site_key} onToken={setCaptcha} />}
      <Button type="submit" block size="large" loading={busy} disabled={Boolean(challenge) && !captcha}>
        {t('login')}
      </Button>
    </form>
  );
}
