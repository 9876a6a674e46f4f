import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormEngine } from '../../forms/useFormEngine.ts';
import { toast } from 'react-toastify';
import { apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { COUNTRIES, SHIPPING_SAVED_MESSAGE, shippingAddressSchema, type ShippingAddressInput } from '../../../core/protocol/shipping.ts';
import { VerifyEmailNotice } from '../../features/auth/VerifyEmailNotice.tsx';
import { SHIPPING_NEEDS_VERIFIED_EMAIL } from '../../features/shipping/shippingApi.ts';
import { useTwoFactorField } from '../../features/accountSecurity/TwoFactorField.tsx';
import '../../features/boxes/boxes.css';
import './delivery.css';
import { callResponse } from '../../api/call.ts';
import { shippingAddress, shippingAddressSave } from '../../../core/protocol/routes/inventory.ts';

// /profile/delivery: the delivery address form (docs/product.md §3 fields, §5 messages). Validates on blur
// and change, not on input (docs/product.md §5); the server checks the same schema.
const FIELDS: [keyof ShippingAddressInput, string][] = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['country', 'Country'],
  ['country_state', 'State'],
  ['city', 'City'],
  ['postal_code', 'Postal code'],
  ['street_address', 'Street'],
  ['street_address_2', 'Street (line 2, optional)'],
];

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
      toast.success(SHIPPING_SAVED_MESSAGE);
      if (next) void navigate(next);
    } catch (error) {
      if (!secondFactor.refused(error)) toast.error(apiErrorText(error));
    }
  });

  return (
    <form className="delivery-form" onSubmit={submit} noValidate>
      <h2>Delivery address</h2>
      <VerifyEmailNotice reason={SHIPPING_NEEDS_VERIFIED_EMAIL} />
      {next && <p className="box-card__note">Save your address, then you are taken back to ship your items.</p>}
      <div className="item-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {FIELDS.map(([name, label]) =>
          name === 'country' ? (
            <div key={name} className={formState.errors.country ? 'text-input text-input--error' : 'text-input'}>
              <label className="text-input__label" htmlFor="delivery-country">
                {label}
              </label>
              <div className="text-input__field">
                <select id="delivery-country" className="delivery-select" {...register('country')} aria-invalid={formState.errors.country ? true : undefined} defaultValue="">
                  <option value="" disabled>
                    Choose a country
                  </option>
                  {COUNTRIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
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
            <TextInput key={name} label={label} {...register(name)} error={formState.errors[name]?.message ?? null} />
          ),
        )}
      </div>
      {secondFactor.field}
      <div style={{ marginTop: 16 }}>
        <Button type="submit" loading={formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
