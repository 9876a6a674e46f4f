import { useMemo } from 'react';
import { z } from 'zod';
import { parseDay } from '../../format/format.ts';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { TextInput } from '../../components/TextInput.tsx';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/toast.tsx';
import { submitForm } from '../accountSecurity/submitForm.ts';
import { callResponse } from '../../api/call.ts';
import { kycDetails } from '../../../core/protocol/routes/kyc.ts';
import { adultBornOn, COUNTRY_CODES, KYC_MIN_AGE, KycDetailsSchema, type KycDetails, type KycStatus } from '../../../core/protocol/kyc.ts';
import { DEFAULT_LOCALE } from '../../../core/text/locales.ts';
import messages from './i18n/en-US.json';
import { currentLocale, translator } from '../../i18n/i18n.ts';

const t = translator(messages);

const FIELDS = ['full_name', 'birth_date', 'country'] as const;

/** A date of birth typed as the site writes dates, with the whole year ("10.12.1990"), as the API's day; null otherwise (a two-digit year would be read as this century). */
function birthDay(text: string): string | null {
  return /\d{4}\s*$/.test(text) ? parseDay(text) : null;
}

/** The API's day as the field shows it ("1990-12-10" → "10.12.1990"). */
const typedDay = (isoDay: string) => isoDay.split('-').reverse().join('.');

// The form's own date field: the text as typed (day.month.year, as every date on the site reads),
// sent as the API's day; the rest is the API's own schema. Its messages are read when a value is checked.
const DetailsFormSchema = KycDetailsSchema.extend({
  birth_date: z
    .string()
    .refine((text) => birthDay(text) !== null, { error: () => t('birthDateFormat') })
    .refine((text) => { const day = birthDay(text); return day === null || adultBornOn(day); }, { error: () => t('tooYoung', { age: String(KYC_MIN_AGE) }) }),
});

/** The countries by their names in the page's language, sorted by name (the codes are what is sent). */
function countryOptions(): { code: string; name: string }[] {
  const locale = currentLocale();
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale === DEFAULT_LOCALE ? undefined : locale));
}

/** Level 1: the player's name as on their documents, date of birth and country of residence. */
export function DetailsForm({ details, onSaved }: { details: KycDetails | null; onSaved: (status: KycStatus) => void }) {
  const form = useFormEngine<KycDetails>(DetailsFormSchema as never, { defaultValues: details ? { ...details, birth_date: typedDay(details.birth_date) } : { full_name: '', birth_date: '', country: '' } });
  const { errors, isSubmitting } = form.formState;
  const countries = useMemo(countryOptions, []);
  const submit = form.handleSubmit(async (values) => {
    await submitForm(form, FIELDS, async () => {
      const res = await callResponse(kycDetails, { body: { ...values, birth_date: birthDay(values.birth_date) ?? values.birth_date } });
      toast.success(res.data.msg);
      onSaved(res.data.data);
    });
  });
  return (
    <form className="kyc__form" onSubmit={submit} noValidate aria-label={t('personalDetails')}>
      <TextInput label={t('fullName')} autoComplete="name" error={errors.full_name?.message} {...form.register('full_name')} />
      <TextInput label={t('dateOfBirth')} inputMode="numeric" placeholder={t('datePlaceholder')} autoComplete="bday" error={errors.birth_date?.message} {...form.register('birth_date')} />
      <div className="kyc__field">
        <label htmlFor="kyc-country">{t('country')}</label>
        <select id="kyc-country" aria-invalid={errors.country ? true : undefined} {...form.register('country')}>
          <option value="" disabled>
            {t('choose')}
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
        {t('saveDetails')}
      </Button>
    </form>
  );
}
