import { useState } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { twoFactorCodeRequest, type TwoFactorCodeRequest } from '../../../core/protocol/accountSecurity.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { loginWithTwoFactor } from './signIn.ts';
import { applyServerErrors, dataMessage } from './formErrors.ts';
import { useTwoFactorStep } from './twoFactorStep.ts';

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
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Two-factor code">
      <p className="auth-form__hint">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" placeholder="123456" autoFocus error={form.formState.errors.code?.message} {...form.register('code')} />
      <Button type="submit" block size="large" loading={busy}>
        Verify
      </Button>
      <button type="button" className="auth-form__link" onClick={clear}>
        Back to password
      </button>
    </form>
  );
}
