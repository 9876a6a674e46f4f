import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceIdHeader } from '../../src/features/auth/deviceId.ts';
import { DEVICE_ID } from '../../server/risk/marks.ts';

// The browser's device id (docs/risk.md, "Marks"): made once, kept in local storage, sent with every
// sign-in as the server accepts it; a browser that refuses storage signs in without one.

describe('the device id a sign-in sends', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is made once and kept, in the form the server reads', () => {
    const first = deviceIdHeader()['x-device-id'];
    expect(first).toMatch(DEVICE_ID);
    expect(deviceIdHeader()['x-device-id']).toBe(first);
    expect(localStorage.getItem('device_id')).toBe(first);
  });

  it('is left out when storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(deviceIdHeader()).toEqual({});
  });
});
