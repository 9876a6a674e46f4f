import { useEffect, useState } from 'react';
import { api } from '../../api/http.ts';
import type { ShippingAddressAnswer, ShippingAddressFields, WithdrawalCreatedAnswer, WithdrawalRequestInput } from '../../../core/protocol/shipping.ts';

// The saved delivery address (GET /api/profile/shipping-address) as the ship buttons and the
// checkout need it: undefined while loading, null when the player has none yet.
export function useShippingAddress(): ShippingAddressFields | null | undefined {
  const [address, setAddress] = useState<ShippingAddressFields | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api
      .get<ShippingAddressAnswer>('/api/profile/shipping-address')
      .then((r) => live && setAddress(r.data.data))
      .catch(() => live && setAddress(null));
    return () => {
      live = false;
    };
  }, []);
  return address;
}

/** Why a VerifyEmailNotice shows on the way to shipping (the address form and the checkout). */
export const SHIPPING_NEEDS_VERIFIED_EMAIL = 'Shipping needs a verified email address.';

/** The delivery form, coming back to `from` once the address is saved. */
export function deliveryFormPath(from: string): string {
  return `/profile/delivery?next=${encodeURIComponent(from)}`;
}

/** Requests one delivery of `items` with a size for each item that needs one (and the two-factor code when asked). */
export async function requestDelivery(items: number[], sizes: Record<number, string>, secondFactor: { two_factor_code?: string } = {}): Promise<{ msg: string; id: number }> {
  const body: WithdrawalRequestInput = { type: 'delivery', items, sizes, ...secondFactor };
  const r = await api.post<WithdrawalCreatedAnswer>('/api/profile/withdrawals', body);
  return { msg: r.data.msg, id: r.data.data.id };
}
