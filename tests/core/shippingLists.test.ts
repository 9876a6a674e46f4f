import { describe, expect, it } from 'vitest';
import { CLOTHING_SIZES, COUNTRIES, SHOE_SIZES, shippingAddressSchema } from '../../core/protocol/shipping.ts';

// The delivery form's reference lists (docs/product.md §3): 31 countries, shoe sizes 5 to 15.5 in half
// steps, clothing sizes XS to XXL; the address schema accepts only a listed country.
describe('delivery reference lists', () => {
  it('has 31 distinct countries with USA and Canada, shoe sizes 5 … 15.5 by halves, and XS … XXL', () => {
    expect(COUNTRIES).toHaveLength(31);
    expect(new Set(COUNTRIES).size).toBe(31);
    expect(COUNTRIES).toEqual(expect.arrayContaining(['USA', 'Canada', 'Germany', 'United Kingdom']));
    expect(SHOE_SIZES[0]).toBe('5');
    expect(SHOE_SIZES.at(-1)).toBe('15.5');
    expect(SHOE_SIZES).toHaveLength(22);
    expect(SHOE_SIZES).toContain('9.5');
    expect(CLOTHING_SIZES).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('refuses a country outside the list', () => {
    const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '1', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };
    expect(shippingAddressSchema.safeParse(address).success).toBe(true);
    const bad = shippingAddressSchema.safeParse({ ...address, country: 'Atlantis' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('country is not valid.');
  });
});
