import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { BONUS_MODAL_DELAY_MS, useBonusModal } from '../../src/app/useBonusModal.ts';
import { useModals } from '../../src/stores/modals.ts';

function Probe() {
  useBonusModal();
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  useModals.setState({ modal: null });
});

describe('bonus modal timer', () => {
  it('opens the bonus modal 4000 ms after start', () => {
    vi.useFakeTimers();
    render(<Probe />);
    vi.advanceTimersByTime(BONUS_MODAL_DELAY_MS - 1);
    expect(useModals.getState().modal).toBeNull();
    vi.advanceTimersByTime(1);
    expect(useModals.getState().modal).toBe('bonus');
  });

  it('does not replace a modal the visitor already has open', () => {
    vi.useFakeTimers();
    useModals.setState({ modal: 'login' });
    render(<Probe />);
    vi.advanceTimersByTime(BONUS_MODAL_DELAY_MS);
    expect(useModals.getState().modal).toBe('login');
  });
});
