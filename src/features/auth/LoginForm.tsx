import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginForm, type LoginForm as LoginValues } from '../../../core/protocol/auth.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { useModals } from '../../stores/modals.ts';
import { loginWithPassword } from './authSession.ts';
import { dataMessage } from './formErrors.ts';

/** Login: email and password (spec §5); success stores the tokens, closes the modal, loads the profile. */
export function LoginForm() {
  const [busy, setBusy] = useState(false);
  const open = useModals((s) => s.open);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginForm), mode: 'onBlur', reValidateMode: 'onChange', defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await loginWithPassword(values.email, values.password);
    } catch (error) {
      toast.error(dataMessage(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Login">
      <TextInput label="Email" type="email" autoComplete="email" placeholder="Email" error={errors.email?.message} {...form.register('email')} />
      <TextInput label="Password" type="password" autoComplete="current-password" placeholder="Password" error={errors.password?.message} {...form.register('password')} />
      <button type="button" className="auth-form__link" onClick={() => open('forgot')}>
        Forgot password?
      </button>
      <Button type="submit" block size="large" loading={busy}>
        Login
      </Button>
    </form>
  );
}
