import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { toast } from '../../components/toast.tsx';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { COUNTRIES, shippingAddressSchema, type ShippingAddressInput } from '../../../core/protocol/shipping.ts';
import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { shippingNeedsVerifiedEmail } from '../../features/shipping/shippingApi.ts';
import { useTwoFactorField } from '../../features/accountSecurity/TwoFactorField.tsx';
import '../../features/boxes/boxes.css';
import './delivery.css';
import { callResponse } from '../../api/call.ts';
import { shippingAddress, shippingAddressSave } from '../../../core/protocol/routes/inventory.ts';
import { currentLocale, translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /profile/delivery: the delivery address form (docs/product.md §3 fields, §5 messages). Validates on blur
// and change, not on input (docs/product.md §5); the server checks the same schema.
const FIELDS: [keyof ShippingAddressInput, keyof typeof messages][] = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['country', 'country'],
  ['country_state', 'state'],
  ['city', 'city'],
  ['postal_code', 'postalCode'],
  ['street_address', 'street'],
  ['street_address_2', 'street2'],
];

type Country = (typeof COUNTRIES)[number];
/** The countries' regions, for naming them in another language (the value sent stays the English name). */
const REGIONS: Record<Country, string> = {
  Austria: 'AT', Belgium: 'BE', Bulgaria: 'BG', Canada: 'CA', Croatia: 'HR', 'Czech Republic': 'CZ', Denmark: 'DK', Estonia: 'EE', Finland: 'FI', France: 'FR', Germany: 'DE',
  Greece: 'GR', Hungary: 'HU', Ireland: 'IE', Italy: 'IT', Latvia: 'LV', Lithuania: 'LT', Luxembourg: 'LU', Malta: 'MT', Netherlands: 'NL', Norway: 'NO', Poland: 'PL',
  Portugal: 'PT', Romania: 'RO', Slovakia: 'SK', Slovenia: 'SI', Spain: 'ES', Sweden: 'SE', Switzerland: 'CH', 'United Kingdom': 'GB', USA: 'US',
};

/** The select's countries: in en-US the spec's names and order, else the page's language's names, sorted in it. */
function countryOptions(): [Country, string][] {
  const locale = currentLocale();
  if (locale === 'en-US') return COUNTRIES.map((c) => [c, c]);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRIES.map((c): [Country, string] => [c, names.of(REGIONS[c]) ?? c]).sort((a, b) => a[1].localeCompare(b[1], locale));
}

/** A path inside the shop to come back to after saving (the ship button sends `next`); never another site. */
function returnPath(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export default function DeliveryPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = returnPath(params.get('next'));
  const { register, handleSubmit, reset, formState } = useFormEngine<ShippingAddressInput>(shippingAddressSchema as never);
  // Changing where parcels go asks for the two-factor code when the player has it on.
  const secondFactor = useTwoFactorField();

  useEffect(() => {
    callResponse(shippingAddress, {})
      .then((r) => r.data.data && reset({ ...r.data.data, street_address_2: r.data.data.street_address_2 ?? '' }))
      .catch(() => undefined);
  }, [reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await callResponse(shippingAddressSave, { body: { ...values, ...secondFactor.body } });
      secondFactor.done();
      toast.success(t('addressSaved'));
      if (next) void navigate(next);
    } catch (error) {
      if (!secondFactor.refused(error)) toast.error(apiErrorText(error));
    }
  });

  return (
    <form className="delivery-form" onSubmit={submit} noValidate>
      <h1 className="profile-page-title">{t('deliveryAddress')}</h1>
      <VerifyEmailNotice reason={shippingNeedsVerifiedEmail()} />
      {next && <p className="box-card__note">{t('saveThenShip')}</p>}
      <div className="item-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {FIELDS.map(([name, label]) =>
          name === 'country' ? (
            <div key={name} className={formState.errors.country ? 'text-input text-input--error' : 'text-input'}>
              <label className="text-input__label" htmlFor="delivery-country">
                {t(label)}
              </label>
              <div className="text-input__field">
                <select id="delivery-country" className="delivery-select" {...register('country')} aria-invalid={formState.errors.country ? true : undefined} defaultValue="">
                  <option value="" disabled>
                    {t('chooseCountry')}
                  </option>
                  {countryOptions().map(([c, shown]) => (
                    <option key={c} value={c}>
                      {shown}
                    </option>
                  ))}
                </select>
              </div>
              {formState.errors.country && (
                <p className="text-input__error" role="alert">
                  {formState.errors.country.message}
                </p>
              )}
            </div>
          ) : (
            <TextInput key={name} label={t(label)} {...register(name)} error={formState.errors[name]?.message ?? null} />
          ),
        )}
      </div>
      {secondFactor.field}
      <div style={{ marginTop: 16 }}>
        <Button type="submit" loading={formState.isSubmitting}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
