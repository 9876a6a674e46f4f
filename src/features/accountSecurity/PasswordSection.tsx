import { useFormEngine } from '../../forms/useFormEngine.ts';
import { changePasswordRequest, type ChangePasswordRequest } from './securityTypes.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { TwoFactorCodeInput } from './TwoFactorField.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { submitForm } from './submitForm.ts';
import { callResponse } from '../../api/call.ts';
import { passwordChange } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

const FIELDS = ['current_password', 'password', 'password_confirmation', 'two_factor_code'] as const;

/** Change password: the current one (and a code with two-factor sign-in on); every other session ends. */
export function PasswordSection({ hasPassword, twoFactor }: { hasPassword: boolean; twoFactor: boolean }) {
  const form = useFormEngine<ChangePasswordRequest>(changePasswordRequest as never, { defaultValues: { current_password: '', password: '', password_confirmation: '', two_factor_code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const ok = await submitForm(form, FIELDS, async () => {
      const res = await callResponse(passwordChange, { body: { ...values, two_factor_code: values.two_factor_code || undefined } });
      toast.success(res.data.msg);
    });
    if (ok) form.reset();
  });
  return (
    <section className="profile-main security__section" aria-labelledby="security-password">
      <h3 id="security-password">{t('password')}</h3>
      {!hasPassword && <p className="security__note">{t('socialOnly')}</p>}
      <form className="security__form" onSubmit={submit} noValidate aria-label={t('changePassword')}>
        <TextInput label={t('currentPassword')} type="password" autoComplete="current-password" error={errors.current_password?.message} {...form.register('current_password')} />
        <TextInput label={t('newPassword')} type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <TextInput label={t('repeatPassword')} type="password" autoComplete="new-password" error={errors.password_confirmation?.message} {...form.register('password_confirmation')} />
        {twoFactor && <TwoFactorCodeInput error={errors.two_factor_code?.message} {...form.register('two_factor_code')} />}
        <Button type="submit" loading={isSubmitting}>
          {t('changePassword')}
        </Button>
      </form>
      <p className="security__note">{t('passwordChangeEndsSessions')}</p>
    </section>
  );
}
