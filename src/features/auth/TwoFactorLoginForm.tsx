import { useState } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { twoFactorCodeRequest, type TwoFactorCodeRequest } from '../../../core/protocol/accountSecurity.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { loginWithTwoFactor } from './signIn.ts';
import { applyServerErrors, dataMessage } from './formErrors.ts';
import { useTwoFactorStep } from './twoFactorStep.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * The login's second step (two-factor sign-in on): the 6-digit code from the authenticator app, or
 * one of the recovery codes. A wrong code shows under the field; an expired step sends the player
 * back to the password.
 */
export function TwoFactorLoginForm() {
  const [busy, setBusy] = useState(false);
  const clear = useTwoFactorStep((s) => s.clear);
  const form = useFormEngine<TwoFactorCodeRequest>(twoFactorCodeRequest, { defaultValues: { code: '' } });

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await loginWithTwoFactor(values.code);
    } catch (error) {
      applyServerErrors(error, form.setError, ['code']);
      if (!form.getFieldState('code').error) {
        toast.error(dataMessage(error));
        clear();
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('twoFactorCode')}>
      <p className="auth-form__hint">{t('twoFactorHint')}</p>
      <TextInput label={t('code')} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" autoFocus error={form.formState.errors.code?.message} {...form.register('code')} />
      <Button type="submit" block size="large" loading={busy}>
        {t('verify')}
      </Button>
      <button type="button" className="auth-form__link" onClick={clear}>
        {t('backToPassword')}
      </button>
    </form>
  );
}
