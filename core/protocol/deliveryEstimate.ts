import type { COUNTRIES } from './shipping.ts';

// The delivery estimate the shipping checkout shows (docs/boxes.md "Shipping checkout"): business
// days from the day a parcel is dispatched, by destination zone. Parcels leave the shop's EU
// warehouse; the figures are the shop's own promise per zone (no carrier data), the nearer EU the
// shortest, countries outside the EU's customs union longer, North America longest.

export type Country = (typeof COUNTRIES)[number];

export interface DeliveryZone {
  name: string;
  /** Business days after dispatch: the earliest and the latest. */
  days: readonly [number, number];
  countries: readonly Country[];
}

export const DELIVERY_ZONES: readonly DeliveryZone[] = [
  { name: 'Central and Western EU', days: [2, 4], countries: ['Austria', 'Belgium', 'Czech Republic', 'Denmark', 'France', 'Germany', 'Luxembourg', 'Netherlands', 'Poland'] },
  {
    name: 'Rest of the EU',
    days: [3, 7],
    countries: ['Bulgaria', 'Croatia', 'Estonia', 'Finland', 'Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia', 'Lithuania', 'Malta', 'Portugal', 'Romania', 'Slovakia', 'Slovenia', 'Spain', 'Sweden'],
  },
  { name: 'Europe outside the EU', days: [5, 10], countries: ['Norway', 'Switzerland', 'United Kingdom'] },
  { name: 'North America', days: [7, 14], countries: ['Canada', 'USA'] },
];

/** The zone a delivery country belongs to, or null for a country the shop does not deliver to. */
export function deliveryZone(country: string): DeliveryZone | null {
  return DELIVERY_ZONES.find((z) => (z.countries as readonly string[]).includes(country)) ?? null;
}

/** The estimate as the checkout words it, e.g. '5–10 business days', or null without a zone. */
export function deliveryEstimateText(country: string): string | null {
  const zone = deliveryZone(country);
  return zone ? `${zone.days[0]}–${zone.days[1]} business days` : null;
}
