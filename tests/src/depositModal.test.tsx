import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import DepositModal from '../../src/features/deposit/DepositModal.tsx';
import { useDevice } from '../../src/stores/device.ts';
import { useModals } from '../../src/stores/modals.ts';
import { useSession } from '../../src/stores/session.ts';
import { fakeApi } from './fakeApi.ts';

// The phone cashier (docs/payments.md "Client"): a method tapped in the list replaces the list with
// its form; focus stays in the dialog (on the dialog itself, named by the new title), so Escape still
// closes it, and Back brings the list with focus kept inside too.

const api = fakeApi();

beforeEach(() => {
  useDevice.setState({ width: 390, height: 844, isMobile: true });
  useSession.setState({ user: { id: 5, name: 'Me', email: 'me@example.com', avatar_url: null, verified: true, balance: 1, user_level: { level: 1, value: 0, from: 0, to: 1 }, streamer_mode: false } });
  useModals.setState({ modal: 'deposit' });
  api.install({
    '/api/deposit/alphapo/available-currencies': () => ({ status: 200, data: { data: [{ currency: 'BTC', minimum_amount: 35, rate_from: 1, rate_to: 60000 }] } }),
    '/api/deposit/promocode/check': () => ({ status: 200, data: { data: { usable: false, promocode: null, msg: 'used' } } }),
  });
});
afterEach(() => api.restore());

describe('deposit modal on a phone', () => {
  it('keeps focus in the dialog after a method is tapped and after Back; Escape closes it', async () => {
    render(<DepositModal />);
    const dialog = screen.getByRole('dialog', { name: /Chose payment method$/ });
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: /Crypto/ })));
    expect(screen.getByRole('dialog', { name: /Crypto$/ })).toBe(dialog);
    expect(document.activeElement).toBe(dialog);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: /Giftcards/ })));
    expect(document.activeElement).toBe(dialog);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(useModals.getState().modal).toBeNull();
  });
});
