import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { shippingAddress, withdrawalCreate } from '../../../core/protocol/routes/inventory.ts';
import type { ShippingAddressFields, WithdrawalRequestInput } from '../../../core/protocol/shipping.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The saved delivery address (GET /api/profile/shipping-address) as the ship buttons and the
// checkout need it: undefined while loading, null when the player has none yet.
export function useShippingAddress(): ShippingAddressFields | null | undefined {
  const [address, setAddress] = useState<ShippingAddressFields | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call(shippingAddress, {})
      .then((r) => live && setAddress(r.data))
      .catch(() => live && setAddress(null));
    return () => {
      live = false;
    };
  }, []);
  return address;
}

/** Why a VerifyEmailNotice shows on the way to shipping (the address form and the checkout), in the page's language. */
export function shippingNeedsVerifiedEmail(): string {
  return t('needsVerifiedEmail');
}

/** The delivery form, coming back to `from` once the address is saved. */
export function deliveryFormPath(from: string): string {
  return `/profile/delivery?next=${encodeURIComponent(from)}`;
}

/** Requests one delivery of `items` with a size for each item that needs one (and the two-factor code when asked). */
export async function requestDelivery(items: number[], sizes: Record<number, string>, secondFactor: { two_factor_code?: string } = {}): Promise<{ msg: string; id: number }> {
  const body: WithdrawalRequestInput = { type: 'delivery', items, sizes, ...secondFactor };
  const r = await call(withdrawalCreate, { body });
  return { msg: r.msg, id: r.data.id };
}
