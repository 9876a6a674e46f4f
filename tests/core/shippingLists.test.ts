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
    const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };
    expect(shippingAddressSchema.safeParse(address).success).toBe(true);
    const bad = shippingAddressSchema.safeParse({ ...address, country: 'Atlantis' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('country is not valid.');
  });

  it('takes a phone of 6–15 digits and a postal code of 2–12 letters, digits, spaces or dashes, as written around the world', () => {
    const address = { first_name: 'A', last_name: 'B', email: 'a@example.com', phone: '+44 20 7946 0000', country: 'Germany', country_state: 'Berlin', city: 'Berlin', postal_code: '10115', street_address: 'Main 1' };
    const problem = (fields: object) => shippingAddressSchema.safeParse({ ...address, ...fields }).error?.issues.map((i) => i.message) ?? [];
    for (const phone of ['+44 20 7946 0000', '(030) 1234-567', '030/123456', '+1 555.010.0199']) expect(problem({ phone }), phone).toEqual([]);
    for (const phone of ['abc', '12345', '+49 abc 123456', '1234567890123456']) expect(problem({ phone }), phone).toEqual(['phone is not valid.']);
    for (const postal_code of ['10115', 'W1A 1AA', 'K1A 0B1', '01-234', '1234']) expect(problem({ postal_code }), postal_code).toEqual([]);
    for (const postal_code of ['1', '10115!', '-1234', 'ABCDEFGHIJKLM']) expect(problem({ postal_code }), postal_code).toEqual(['postal code is not valid.']);
  });
});
