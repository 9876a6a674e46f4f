import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { Modal } from '../../components/Modal.tsx';
import { sizeProblem, sizesFor, type ShippingAddressFields } from '../../../core/protocol/shipping.ts';
import { deliveryZone } from '../../../core/protocol/deliveryEstimate.ts';
import { apiErrorText, refusalOf } from '../../api/http.ts';
import type { InventoryEntry } from '../inventory/inventoryApi.ts';
import { deliveryFormPath, requestDelivery } from './shippingApi.ts';
import { VerifyEmailNotice } from '../auth/VerifyEmailNotice.tsx';
import { useTwoFactorField } from '../accountSecurity/TwoFactorField.tsx';
import './shipping.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import { richText } from '../../i18n/richText.tsx';

const t = translator(messages);

// The shipping checkout (docs/boxes.md "Shipping checkout"): the items with a size for each one
// that needs it, the saved address to confirm or edit, what it costs (nothing), the delivery
// estimate of the address's zone (core/protocol/deliveryEstimate.ts) and one Confirm. An unverified
// player is offered Resend at the top (the server refuses the delivery until the email is verified).
// Sizes are checked here with the server's own rule (core/protocol/shipping.ts) and again there;
// the server's 422 per item lands beside that item's size.

/** The delivery zones' names (core/protocol/deliveryEstimate.ts names them in English) by their keys. */
const ZONE_NAMES: Record<string, keyof typeof messages> = {
  'Central and Western EU': 'zoneCentralEu',
  'Rest of the EU': 'zoneRestEu',
  'Europe outside the EU': 'zoneEuropeNonEu',
  'North America': 'zoneNorthAmerica',
};

/** The delivery estimate of the address's zone, e.g. '5–10 business days after dispatch (Europe outside the EU)'. */
function estimateText(country: string): string {
  const zone = deliveryZone(country);
  if (!zone) return t('estimateBySupport');
  const name = ZONE_NAMES[zone.name];
  return t('estimate', { from: String(zone.days[0]), to: String(zone.days[1]), zone: name ? t(name) : zone.name });
}

export interface ShipCheckoutProps {
  entries: InventoryEntry[];
  address: ShippingAddressFields;
  /** Where "Edit" comes back to after saving the address. */
  returnTo: string;
  onClose(): void;
  onShipped(msg: string): void;
}

export function ShipCheckout({ entries, address, returnTo, onClose, onShipped }: ShipCheckoutProps) {
  const [sizes, setSizes] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const secondFactor = useTwoFactorField();

  async function confirm() {
    const missing: Record<string, string> = {};
    for (const e of entries) {
      // The server's own rule (core/protocol/shipping.ts) decides; the words are the page's language.
      if (e.size_kind && sizeProblem(e.size_kind, sizes[e.id], e.item.name)) missing[`sizes.${e.id}`] = t(sizes[e.id] ? 'chooseListedSize' : 'chooseSize', { item: e.item.name });
    }
    setErrors(missing);
    setProblem(null);
    if (Object.keys(missing).length) return;
    setSending(true);
    try {
      const answer = await requestDelivery(
        entries.map((e) => e.id),
        sizes,
        secondFactor.body,
      );
      onShipped(answer.msg);
    } catch (error) {
      if (secondFactor.refused(error)) return;
      const fields = refusalOf(error)?.errors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      setProblem(apiErrorText(error));
    } finally {
      setSending(false);
    }
  }

  const value = entries.reduce((s, e) => s + e.item.price, 0);
  return (
    <Modal title={t('title')} onClose={onClose} className="ship-checkout">
      <div className="ship-checkout__body" data-testid="ship-checkout">
        {/* Unverified, Confirm is refused: the way on (Resend) is here, before and after the refusal. */}
        <VerifyEmailNotice reason={t('needsVerifiedEmail')} />
        <h3 className="ship-checkout__step">{t('stepItems')}</h3>
        <ul className="ship-checkout__items">
          {entries.map((e) => {
            const error = errors[`sizes.${e.id}`];
            const selectId = `ship-size-${e.id}`;
            return (
              <li key={e.id} className={`ship-checkout__item item-card--${e.item.rarity}`}>
                <img src={e.item.img_url} alt="" width={48} height={48} />
                <span className="ship-checkout__name">{e.item.name}</span>
                {e.size_kind ? (
                  <span className="ship-checkout__size">
                    <label htmlFor={selectId}>{e.size_kind === 'shoe' ? t('shoeSize') : t('size')}</label>
                    <select
                      id={selectId}
                      className="boxes-select"
                      value={sizes[e.id] ?? ''}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${selectId}-error` : undefined}
                      onChange={(event) => {
                        const size = event.target.value;
                        setSizes((s) => ({ ...s, [e.id]: size }));
                        setErrors(({ [`sizes.${e.id}`]: _, ...rest }) => rest);
                      }}
                    >
                      <option value="" disabled>
                        {t('choose')}
                      </option>
                      {sizesFor(e.size_kind).map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </select>
                  </span>
                ) : (
                  <span className="ship-checkout__note">{t('oneSize')}</span>
                )}
                {error && (
                  <p className="ship-checkout__error" id={`${selectId}-error`} role="alert">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <h3 className="ship-checkout__step">{t('stepAddress')}</h3>
        <address className="ship-checkout__address" data-testid="ship-address">
          {address.first_name} {address.last_name}
          <br />
          {address.street_address}
          {address.street_address_2 ? `, ${address.street_address_2}` : ''}
          <br />
          {address.postal_code} {address.city}, {address.country_state}
          <br />
          {address.country} · {address.phone} · {address.email}
        </address>
        <Link className="ship-checkout__edit" to={deliveryFormPath(returnTo)}>
          {t('editAddress')}
        </Link>
        <h3 className="ship-checkout__step">{t('stepCost')}</h3>
        <dl className="ship-checkout__costs">
          <dt>{t('items')}</dt>
          <dd>{richText(t, 'itemsWorth', { value: <Coins value={value} /> }, { count: String(entries.length) })}</dd>
          <dt>{t('shippingFee')}</dt>
          <dd>{t('free')}</dd>
          <dt>{t('estimatedDelivery')}</dt>
          <dd data-testid="ship-estimate">{estimateText(address.country)}</dd>
          <dt>{t('delivery')}</dt>
          <dd>{t('trackedParcel')}</dd>
        </dl>
        {secondFactor.field}
        {problem && !Object.keys(errors).length && (
          <p className="ship-checkout__error" role="alert">
            {problem}
          </p>
        )}
        <Button block size="large" loading={sending} onClick={confirm}>
          {t('confirm')}
        </Button>
      </div>
    </Modal>
  );
}
