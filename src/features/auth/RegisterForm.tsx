import { useState } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { registerForm, type RegisterForm as RegisterValues } from '../../../core/protocol/auth.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { forgetReferral, rememberedReferral } from '../referral/referralCookie.ts';
import { captchaToken } from './captcha.ts';
import { deviceIdHeader } from './deviceId.ts';
import { applyServerErrors, dataMessage } from './formErrors.ts';
import { TermsLabel } from './TermsLabel.tsx';
import { callResponse } from '../../api/call.ts';
import { register } from '../../../core/protocol/routes/account.ts';
import { useOffMessage } from '../killSwitches/offSwitches.ts';
import { SwitchedOff } from '../killSwitches/SwitchedOff.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/**
 * Sign Up: nickname, email, password and the two checkboxes (docs/product.md §5). The terms and 18+
 * box must be ticked before anything is sent (docs/accounts.md); on success the Login tab opens with
 * the email and password handed over (the modal holds them, nothing stores them).
 */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string, password: string) => void }) {
  const signUpsOff = useOffMessage('sign_ups');
  const [busy, setBusy] = useState(false);
  const form = useFormEngine<RegisterValues>(registerForm, {
    defaultValues: { name: '', email: '', password: '', promotions: false, terms: false },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const token = await captchaToken('register');
      const ref = rememberedReferral();
      const res = await callResponse(register, { body: {
        name: values.name,
        email: values.email,
        password: values.password,
        'g-recaptcha-response': token,
        promotions: values.promotions ?? false,
        terms: values.terms as true, // the form requires it; the server refuses anything else
        ...(ref ? { ref } : {}),
      } }, { headers: deviceIdHeader() });
      forgetReferral();
      toast.success(res.data.msg);
      if (res.data.ref_msg) toast.warn(res.data.ref_msg);
      onRegistered(values.email, values.password);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'email', 'password', 'terms']);
      toast.error(dataMessage(error));
    } finally {
      setBusy(false);
    }
  });

  // New sign-ups switched off (docs/operator-console.md, "Kill switches"): the message instead of the form.
  if (signUpsOff !== null) return <SwitchedOff message={signUpsOff} />;
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('signUp')}>
      <TextInput label={t('nickname')} autoComplete="nickname" placeholder={t('nickname')} error={errors.name?.message} {...form.register('name')} />
      <TextInput label={t('email')} type="email" autoComplete="email" placeholder={t('email')} error={errors.email?.message} {...form.register('email')} />
      <TextInput label={t('password')} type="password" autoComplete="new-password" placeholder={t('password')} error={errors.password?.message} {...form.register('password')} />
      <Checkbox label={t('promotionsOptIn')} {...form.register('promotions')} />
      <Checkbox label={<TermsLabel />} error={errors.terms?.message} {...form.register('terms')} />
      <Button type="submit" block size="large" loading={busy}>
        {t('signUp')}
      </Button>
    </form>
  );
}
