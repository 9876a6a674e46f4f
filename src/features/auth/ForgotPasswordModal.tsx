import { useState } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { forgotPasswordForm, type ForgotPasswordForm } from '../../../core/protocol/auth.ts';
import { Modal } from '../../components/Modal.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { useModals } from '../../stores/modals.ts';
import { captchaToken } from './captcha.ts';
import { ownErrorText } from './formErrors.ts';
import { refusalOf } from '../../api/http.ts';
import './auth.css';
import { callResponse } from '../../api/call.ts';
import { forgotPassword } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** The error text of a failed forgot-password call (docs/product.md §8): the captcha's message first, else msg. */
function forgotErrorText(error: unknown): string {
  const data = refusalOf(error);
  return data?.errors?.['g-recaptcha-response']?.[0] ?? data?.msg ?? data?.errors?.email?.[0] ?? data?.message ?? ownErrorText(error) ?? (error as Error).message ?? t('somethingWentWrong');
}

export default function ForgotPasswordModal() {
  const [busy, setBusy] = useState(false);
  const close = useModals((s) => s.close);
  const form = useFormEngine<ForgotPasswordForm>(forgotPasswordForm, { defaultValues: { email: '' } });

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const token = await captchaToken('forgot_password');
      const res = await callResponse(forgotPassword, { body: { email: values.email, 'g-recaptcha-response': token } });
      toast.success(res.data.msg);
      close();
    } catch (error) {
      toast.error(forgotErrorText(error));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal title={t('forgotPasswordTitle')} className="auth-modal">
      <form className="auth-form" onSubmit={submit} noValidate aria-label={t('forgotPasswordTitle')}>
        <p className="auth-form__hint">{t('forgotPasswordHint')}</p>
        <TextInput label={t('email')} type="email" autoComplete="email" placeholder={t('email')} error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button type="submit" block size="large" loading={busy}>
          {t('sendResetLink')}
        </Button>
      </form>
    </Modal>
  );
}
