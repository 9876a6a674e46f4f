import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../core/protocol/shipping.ts';
import { DELIVERY_ZONES, deliveryEstimateText, deliveryZone } from '../../core/protocol/deliveryEstimate.ts';

describe('delivery estimate by zone', () => {
  it('puts every delivery country in exactly one zone', () => {
    const zoned = DELIVERY_ZONES.flatMap((z) => z.countries);
    expect([...zoned].sort()).toEqual([...COUNTRIES].sort());
    expect(new Set(zoned).size).toBe(zoned.length);
  });

  it('words each zone as a window of business days, nearer zones sooner', () => {
    expect(deliveryEstimateText('Germany')).toBe('2–4 business days');
    expect(deliveryEstimateText('Spain')).toBe('3–7 business days');
    expect(deliveryEstimateText('United Kingdom')).toBe('5–10 business days');
    expect(deliveryEstimateText('USA')).toBe('7–14 business days');
    for (const z of DELIVERY_ZONES) expect(z.days[0]).toBeLessThan(z.days[1]);
    expect(DELIVERY_ZONES.map((z) => z.days[1])).toEqual([...DELIVERY_ZONES.map((z) => z.days[1])].sort((a, b) => a - b));
  });

  it('has no estimate for a country off the list', () => {
    expect(deliveryZone('Atlantis')).toBeNull();
    expect(deliveryEstimateText('')).toBeNull();
  });
});
