import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { SHIPPING_SAVED_MESSAGE, shippingAddressSchema, type ShippingAddressInput } from '../../../core/protocol/shipping.ts';
import '../../features/boxes/boxes.css';

// /profile/delivery: the delivery address form (spec §3 fields, §5 messages). Validates on blur
// and change, not on input (spec §5); the server checks the same schema.
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

export default function DeliveryPage() {
  const { register, handleSubmit, reset, formState } = useForm<ShippingAddressInput>({ resolver: zodResolver(shippingAddressSchema) as never, mode: 'onTouched', reValidateMode: 'onChange' });

  useEffect(() => {
    api
      .get<{ data: ShippingAddressInput | null }>('/api/profile/shipping-address')
      .then((r) => r.data.data && reset({ ...r.data.data, street_address_2: r.data.data.street_address_2 ?? '' }))
      .catch(() => undefined);
  }, [reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await api.post('/api/profile/shipping-address', values);
      toast.success(SHIPPING_SAVED_MESSAGE);
    } catch (error) {
      toast.error(apiErrorText(error));
    }
  });

  return (
    <form className="delivery-form" onSubmit={submit} noValidate>
      <h2>Delivery address</h2>
      <div className="item-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {FIELDS.map(([name, label]) => (
          <TextInput key={name} label={label} {...register(name)} error={formState.errors[name]?.message ?? null} />
        ))}
      </div>
      <div style={{ marginTop: 16 }}>
        <Button type="submit" loading={formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
