import { useFormEngine } from '../../forms/useFormEngine.ts';
import { changeEmailRequest, type ChangeEmailRequest } from './securityTypes.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { TwoFactorCodeInput } from './TwoFactorField.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { submitForm } from './submitForm.ts';
import { callResponse } from '../../api/call.ts';
import { emailChange } from '../../../core/protocol/routes/account.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

const FIELDS = ['email', 'current_password', 'two_factor_code'] as const;

/**
 * Change email: the new address gets a confirmation link and the change waits for it; the current
 * address is told. `outcome` is what the link's landing said (?email=changed|invalid|taken).
 */
export function EmailSection({ email, pending, twoFactor, outcome, onChanged }: { email: string; pending: string | null; twoFactor: boolean; outcome: string | null; onChanged(): void }) {
  const form = useFormEngine<ChangeEmailRequest>(changeEmailRequest as never, { defaultValues: { email: '', current_password: '', two_factor_code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const ok = await submitForm(form, FIELDS, async () => {
      const res = await callResponse(emailChange, { body: { ...values, two_factor_code: values.two_factor_code || undefined } });
      toast.success(res.data.msg);
    });
    if (ok) {
      form.reset();
      onChanged();
    }
  });
  return (
    <section className="profile-main security__section" aria-labelledby="security-email">
      <h3 id="security-email">{t('email')}</h3>
      <p className="security__note">
        {t('yourAddress')} <strong data-testid="security-email">{email}</strong>
      </p>
      {outcome === 'changed' && <p className="security__ok">{t('emailConfirmed')}</p>}
      {outcome === 'invalid' && <p className="security__problem">{t('linkInvalid')}</p>}
      {outcome === 'taken' && <p className="security__problem">{t('addressTaken')}</p>}
      {pending && (
        <p className="security__note" data-testid="security-pending-email">
          {richText(t, 'pendingEmail', { email: <strong>{pending}</strong> })}
        </p>
      )}
      <form className="security__form" onSubmit={submit} noValidate aria-label={t('changeEmail')}>
        <TextInput label={t('newEmail')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <TextInput label={t('currentPassword')} type="password" autoComplete="current-password" error={errors.current_password?.message} {...form.register('current_password')} />
        {twoFactor && <TwoFactorCodeInput error={errors.two_factor_code?.message} {...form.register('two_factor_code')} />}
        <Button type="submit" loading={isSubmitting}>
          {t('changeEmail')}
        </Button>
      </form>
    </section>
  );
}
