import { useFormEngine } from '../../forms/useFormEngine.ts';
import { changeEmailRequest, type ChangeEmailRequest } from './securityTypes.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { TwoFactorCodeInput } from './TwoFactorField.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { submitForm } from './submitForm.ts';
import { callResponse } from '../../api/call.ts';
import { emailChange } from '../../../core/protocol/routes/account.ts';

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
      <h3 id="security-email">Email</h3>
      <p className="security__note">
        Your address: <strong data-testid="security-email">{email}</strong>
      </p>
      {outcome === 'changed' && <p className="security__ok">Your new email address is confirmed.</p>}
      {outcome === 'invalid' && <p className="security__problem">This confirmation link is invalid or has expired.</p>}
      {outcome === 'taken' && <p className="security__problem">That address now belongs to another account.</p>}
      {pending && (
        <p className="security__note" data-testid="security-pending-email">
          Waiting for confirmation of <strong>{pending}</strong>: follow the link we sent there.
        </p>
      )}
      <form className="security__form" onSubmit={submit} noValidate aria-label="Change email">
        <TextInput label="New email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <TextInput label="Current password" type="password" autoComplete="current-password" error={errors.current_password?.message} {...form.register('current_password')} />
        {twoFactor && <TwoFactorCodeInput error={errors.two_factor_code?.message} {...form.register('two_factor_code')} />}
        <Button type="submit" loading={isSubmitting}>
          Change email
        </Button>
      </form>
    </section>
  );
}
