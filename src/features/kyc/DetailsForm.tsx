import { useMemo } from 'react';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { submitForm } from '../accountSecurity/submitForm.ts';
import { callResponse } from '../../api/call.ts';
import { kycDetails } from '../../../core/protocol/routes/kyc.ts';
import { COUNTRY_CODES, KycDetailsSchema, type KycDetails, type KycStatus } from '../../../core/protocol/kyc.ts';

const FIELDS = ['full_name', 'birth_date', 'country'] as const;

/** The countries by their names in English, sorted by name (the codes are what is sent). */
function countryOptions(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en-US'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Level 1: the player's name as on their documents, date of birth and country of residence. */
export function DetailsForm({ details, onSaved }: { details: KycDetails | null; onSaved: (status: KycStatus) => void }) {
  const form = useFormEngine<KycDetails>(KycDetailsSchema as never, { defaultValues: details ?? { full_name: '', birth_date: '', country: '' } });
  const { errors, isSubmitting } = form.formState;
  const countries = useMemo(countryOptions, []);
  const submit = form.handleSubmit(async (values) => {
    await submitForm(form, FIELDS, async () => {
      const res = await callResponse(kycDetails, { body: values });
      toast.success(res.data.msg);
      onSaved(res.data.data);
    });
  });
  return (
    <form className="kyc__form" onSubmit={submit} noValidate aria-label="Personal details">
      <TextInput label="Full name" autoComplete="name" error={errors.full_name?.message} {...form.register('full_name')} />
      <TextInput label="Date of birth" type="date" autoComplete="bday" error={errors.birth_date?.message} {...form.register('birth_date')} />
      <div className="kyc__field">
        <label htmlFor="kyc-country">Country of residence</label>
        <select id="kyc-country" aria-invalid={errors.country ? true : undefined} {...form.register('country')}>
          <option value="" disabled>
            Choose
          </option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.country?.message && (
          <p className="kyc__error" role="alert">
            {errors.country.message}
          </p>
        )}
      </div>
      <Button type="submit" loading={isSubmitting}>
        Save details
      </Button>
    </form>
  );
}
