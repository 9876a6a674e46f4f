import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { passwordField, MESSAGES } from '../../../core/protocol/auth.ts';
import { z } from 'zod';
import { apiErrorText } from '../../api/http.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { useModals } from '../../stores/modals.ts';
import '../../features/auth/auth.css';
import { callResponse } from '../../api/call.ts';
import { resetPassword } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// /reset-password?token=…&email=… (the mailed link): a new password twice; home after success
// with the login modal open.
const resetForm = z
  .object({ password: passwordField, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { error: MESSAGES.confirmationMismatch, path: ['password_confirmation'] });
type ResetValues = z.input<typeof resetForm>;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openModal = useModals((s) => s.open);
  const [busy, setBusy] = useState(false);
  const form = useFormEngine<ResetValues>(resetForm, { defaultValues: { password: '', password_confirmation: '' } });
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await callResponse(resetPassword, { body: { token, email, ...values } });
      toast.success(res.data.msg);
      await navigate('/', { replace: true });
      openModal('login');
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <section className="auth-page">
      <h1>{t('resetPassword')}</h1>
      {token && email ? (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={t('resetPassword')}>
          <TextInput label={t('email')} type="email" value={email} readOnly />
          <TextInput label={t('newPassword')} type="password" autoComplete="new-password" error={form.formState.errors.password?.message} {...form.register('password')} />
          <TextInput
            label={t('confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={form.formState.errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <Button type="submit" block size="large" loading={busy}>
            {t('resetPassword')}
          </Button>
        </form>
      ) : (
        <p className="auth-form__hint">{t('resetLinkIncomplete')}</p>
      )}
    </section>
  );
}
